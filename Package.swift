// swift-tools-version:6.1
// Breeze Station: an air-quality station for Raspberry Pi-class Linux boards.
//
// One module per responsibility (see docs/architecture.md). Pure modules import the standard library and
// FoundationEssentials at most; modules that touch the kernel or the network wrap C libraries through
// system-library targets (C*), added by the issue that needs them.
import PackageDescription

/// Settings every Swift target gets: Swift 6 language mode is the package default; these add the
/// upcoming-feature checks the house style asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "BreezeStation",
    products: [
        .executable(name: "breeze-station", targets: ["breeze-station"]),
    ],
    targets: [
        // MARK: Pure domain
        .target(name: "AirQuality", swiftSettings: strictSettings),

        // MARK: Shared seams (time, logging, build identity)
        .target(name: "Clocks", swiftSettings: strictSettings),
        .target(name: "Diagnostics", dependencies: ["Clocks"], swiftSettings: strictSettings),

        // MARK: Composition root
        .executableTarget(
            name: "breeze-station",
            dependencies: ["AirQuality", "Clocks", "Diagnostics"],
            swiftSettings: strictSettings
        ),

        // MARK: Benchmarks (`make bench`; numbers printed, never asserted)
        .executableTarget(name: "breeze-bench", dependencies: ["AirQuality"], swiftSettings: strictSettings),

        // MARK: Tests (one target per module)
        .testTarget(
            name: "AirQualityTests", dependencies: ["AirQuality"], exclude: ["Fixtures"], swiftSettings: strictSettings),
        .testTarget(name: "ClocksTests", dependencies: ["Clocks"], swiftSettings: strictSettings),
        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "Clocks"], swiftSettings: strictSettings),
        .testTarget(
            name: "BreezeStationTests",
            dependencies: ["breeze-station"],
            swiftSettings: strictSettings
        ),
    ]
)
