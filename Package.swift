// swift-tools-version:6.1
// Breeze Station: an air-quality station for Raspberry Pi-class Linux boards.
//
// One module per responsibility (see docs/architecture.md). Pure modules import the standard library and
// FoundationEssentials at most; modules that touch the kernel or the network wrap C libraries through
// system-library targets (C*). The manifest is cut into one section per area, each adding its targets and
// the dependencies of the `breeze-station` executable.
import PackageDescription

/// Settings every Swift target gets: Swift 6 language mode is the package default; these add the
/// upcoming-feature checks the house style asks for.
let strictSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

var targets: [Target] = []
/// Modules the `breeze-station` executable (the composition root) links.
var executableDependencies: [Target.Dependency] = []
/// Modules the end-to-end tests of the executable may import (fakes, emulators, servers they stand up).
var endToEndTestDependencies: [Target.Dependency] = []

// MARK: - Foundation: the AQI engine and the shared seams (time, logging, build identity)

targets += [
    .target(name: "AirQuality", swiftSettings: strictSettings),
    .target(name: "Clocks", swiftSettings: strictSettings),
    .target(name: "Diagnostics", dependencies: ["Clocks"], swiftSettings: strictSettings),
    // JSON values with ordered keys (API bodies, payloads) and configuration files read key by key.
    .target(name: "JSON", swiftSettings: strictSettings),
    .target(name: "Configuration", dependencies: ["JSON"], swiftSettings: strictSettings),
    .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: strictSettings),
    .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "JSON"], swiftSettings: strictSettings),
    .testTarget(
        name: "AirQualityTests", dependencies: ["AirQuality"], exclude: ["Fixtures"], swiftSettings: strictSettings),
    .testTarget(name: "ClocksTests", dependencies: ["Clocks"], swiftSettings: strictSettings),
    .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "Clocks"], swiftSettings: strictSettings),
]
executableDependencies += ["AirQuality", "Clocks", "Diagnostics", "JSON", "Configuration"]

// MARK: - Sensors: codecs, drivers, emulators, serial and I²C transports

// (added by the sensors work)

// MARK: - LEDs: GPIO through libgpiod, LED policy and backends

targets += [
    // libgpiod as installed (v1.6 on Debian 12, v2.x on Debian 13); only CGPIODShim includes its header.
    .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
    // One small C API over both libgpiod APIs, chosen at compile time from the installed header.
    .target(name: "CGPIODShim", dependencies: ["CGPIOD"]),
    // Chips by label, name or path; lines by offset or name; requests kept until released.
    .target(name: "GPIO", dependencies: ["CGPIODShim"], swiftSettings: strictSettings),
    // LED policy (pure), software PWM on its own thread, backends (gpiod, terminal, recording), configuration.
    .target(
        name: "LEDs", dependencies: ["GPIO", "AirQuality", "Clocks", "Configuration", "JSON", "Diagnostics"],
        swiftSettings: strictSettings),
    // `make bench` (mk/leds.mk): CPU cost of software PWM.
    .executableTarget(name: "leds-bench", dependencies: ["LEDs", "GPIO"], swiftSettings: strictSettings),
    .testTarget(name: "GPIOTests", dependencies: ["GPIO"], exclude: ["Fixtures"], swiftSettings: strictSettings),
    .testTarget(
        name: "LEDsTests",
        dependencies: ["LEDs", "GPIO", "AirQuality", "Clocks", "Configuration", "JSON", "Diagnostics"],
        swiftSettings: strictSettings),
]
executableDependencies += ["GPIO", "LEDs"]

// MARK: - Open-Meteo: HTTP client on libcurl, services, reconciliation

// (added by the Open-Meteo work)

// MARK: - HTTP endpoint: libmicrohttpd server, routes, renderers

// (added by the HTTP endpoint work)

// MARK: - Station: configuration, pipeline, storage, systemd

// (added by the station work)

// MARK: - MQTT: publishing with Home Assistant discovery

// (added by the MQTT work)

// MARK: - The executable, benchmarks and end-to-end tests

targets += [
    .executableTarget(name: "breeze-station", dependencies: executableDependencies, swiftSettings: strictSettings),
    // `make bench`: numbers printed, never asserted.
    .executableTarget(name: "breeze-bench", dependencies: ["AirQuality"], swiftSettings: strictSettings),
    .testTarget(
        name: "BreezeStationTests", dependencies: ["breeze-station"] + endToEndTestDependencies,
        swiftSettings: strictSettings),
]

let package = Package(
    name: "BreezeStation",
    products: [
        .executable(name: "breeze-station", targets: ["breeze-station"]),
    ],
    targets: targets
)
