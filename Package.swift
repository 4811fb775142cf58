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
    // An import is internal unless it says `public import`: what a module exposes is what it means to.
    .enableUpcomingFeature("InternalImportsByDefault"),
    // A member is visible only where its defining module is imported, not through another file's import.
    .enableUpcomingFeature("MemberImportVisibility"),
]

var targets: [Target] = []
/// Modules the `breeze-station` executable (the composition root) links.
var executableDependencies: [Target.Dependency] = []
/// Modules the end-to-end tests of the executable may import (fakes, emulators, servers they stand up).
var endToEndTestDependencies: [Target.Dependency] = []

// MARK: - Foundation: the AQI engine and the shared seams (time, logging, build identity)

targets += [
    // glibc calls Swift's Glibc module hides (eventfd, pipe2, pthread_setname_np).
    .systemLibrary(name: "CPOSIX", path: "Sources/CPOSIX"),
    // The POSIX side every module shares: SystemError, the syscall wrapper (EINTR), owned descriptors,
    // dedicated threads with a clean signal mask, the wakeup, the atomic file write, civil time.
    .target(name: "POSIX", dependencies: ["CPOSIX"], swiftSettings: strictSettings),
    .testTarget(name: "POSIXTests", dependencies: ["POSIX"], swiftSettings: strictSettings),
    // Test kit: a test that blocks runs on a thread of its own (`@Test(.dedicatedThread)`), off the pool.
    .target(name: "ThreadTestSupport", dependencies: ["POSIX"], swiftSettings: strictSettings),
    .testTarget(name: "ThreadTestSupportTests", dependencies: ["ThreadTestSupport"], swiftSettings: strictSettings),
    // Double → integer conversions that give nil or a clamped value instead of trapping (hostile numbers).
    .target(name: "CheckedConversions", swiftSettings: strictSettings),
    .testTarget(name: "CheckedConversionsTests", dependencies: ["CheckedConversions"], swiftSettings: strictSettings),
    // What a particulate sensor says about the air: the one measurement type from the sensor to the store.
    .target(name: "Measurements", swiftSettings: strictSettings),
    .testTarget(name: "MeasurementsTests", dependencies: ["Measurements"], swiftSettings: strictSettings),
    .target(name: "AirQuality", dependencies: ["CheckedConversions", "Measurements"], swiftSettings: strictSettings),
    .target(name: "Clocks", swiftSettings: strictSettings),
    // Test kit: ManualClock, the clock that moves only when a test says so (never linked by the executable).
    .target(name: "ClocksTestSupport", dependencies: ["Clocks"], swiftSettings: strictSettings),
    .target(name: "Diagnostics", dependencies: ["Clocks", "POSIX"], swiftSettings: strictSettings),
    // JSON values with ordered keys (API bodies, payloads) and configuration files read key by key.
    .target(name: "JSON", swiftSettings: strictSettings),
    .target(name: "Configuration", dependencies: ["JSON", "POSIX"], swiftSettings: strictSettings),
    .testTarget(name: "JSONTests", dependencies: ["JSON"], swiftSettings: strictSettings),
    .testTarget(name: "ConfigurationTests", dependencies: ["Configuration", "JSON"], swiftSettings: strictSettings),
    .testTarget(
        name: "AirQualityTests", dependencies: ["AirQuality", "Measurements"], exclude: ["Fixtures"], swiftSettings: strictSettings),
    .testTarget(name: "ClocksTests", dependencies: ["ClocksTestSupport", "Clocks"], swiftSettings: strictSettings),
    .testTarget(name: "DiagnosticsTests", dependencies: ["ClocksTestSupport", "Diagnostics", "Clocks"], swiftSettings: strictSettings),
]
executableDependencies += ["POSIX", "CheckedConversions", "Measurements", "AirQuality", "Clocks", "Diagnostics", "JSON", "Configuration"]

// MARK: - Sensors: codecs, drivers, emulators, serial and I²C transports

targets += [
    // libi2c (SMBus helpers) and the i2c-dev ioctls. Debian's libi2c-dev ships no .pc file: no pkgConfig.
    .systemLibrary(name: "CI2C", path: "Sources/CI2C", providers: [.apt(["libi2c-dev"])]),
    // glibc's pseudo-terminal calls, hidden from Swift's Glibc module behind feature macros.
    .systemLibrary(name: "CPseudoTerminal", path: "Sources/CPseudoTerminal"),
    // Pure: frame codecs, streaming decoders, plausibility, drivers against transport protocols, health.
    .target(
        name: "Sensors", dependencies: ["CheckedConversions", "Measurements", "Clocks", "Diagnostics", "Configuration", "JSON"],
        swiftSettings: strictSettings),
    // Pure: device emulators for every protocol, concentration scenarios, fault injection.
    .target(name: "SensorEmulation", dependencies: ["Sensors", "Clocks", "AirQuality", "CheckedConversions"], swiftSettings: strictSettings),
    // Linux adapters: tty (termios, poll), i2c-dev, pseudo-terminals, errno.
    .target(
        name: "LinuxIO", dependencies: ["POSIX", "Sensors", "CI2C", "CPseudoTerminal"], swiftSettings: strictSettings),
    // The sensor service the station runs, emulators on ptys, probing real devices.
    .target(
        name: "SensorRuntime",
        dependencies: [
            "POSIX", "Sensors", "SensorEmulation", "LinuxIO", "Clocks", "Diagnostics", "Configuration", "JSON",
        ],
        swiftSettings: strictSettings),
    .testTarget(
        name: "SensorsTests",
        dependencies: ["ClocksTestSupport", "Sensors", "SensorEmulation", "AirQuality", "Measurements", "Clocks", "Diagnostics", "Configuration", "JSON"],
        exclude: ["Fixtures"], swiftSettings: strictSettings),
    .testTarget(
        name: "SensorEmulationTests", dependencies: ["SensorEmulation", "Sensors", "Clocks"],
        swiftSettings: strictSettings),
    .testTarget(name: "LinuxIOTests", dependencies: ["LinuxIO", "Sensors", "POSIX"], swiftSettings: strictSettings),
    .testTarget(
        name: "SensorRuntimeTests",
        dependencies: ["SensorRuntime", "SensorEmulation", "LinuxIO", "Sensors", "Clocks", "Diagnostics"],
        swiftSettings: strictSettings),
]
executableDependencies += ["Sensors", "SensorEmulation", "LinuxIO", "SensorRuntime"]
endToEndTestDependencies += ["Sensors", "SensorEmulation", "LinuxIO", "SensorRuntime"]

// `make fuzz` only: libFuzzer harnesses, one per decoder family. Kept out of the normal build because an
// executable built without `-sanitize=fuzzer` has no `main` and breaks `swift test`'s link.
if Context.environment["BREEZE_FUZZ"] != nil {
    for family in ["Plantower", "SDS011", "Honeywell", "Sensirion", "PM1006", "Climate"] {
        targets.append(
            .executableTarget(
                name: "fuzz-\(family.lowercased())", dependencies: ["Sensors", "JSON"], path: "Fuzz/\(family)",
                swiftSettings: strictSettings + [.unsafeFlags(["-parse-as-library"])]))
    }
}

// MARK: - LEDs: GPIO through libgpiod, LED policy and backends

targets += [
    // libgpiod as installed (v1.6 on Debian 12, v2.x on Debian 13); only CGPIODShim includes its header.
    .systemLibrary(name: "CGPIOD", pkgConfig: "libgpiod", providers: [.apt(["libgpiod-dev"])]),
    // One small C API over both libgpiod APIs, chosen at compile time from the installed header.
    .target(name: "CGPIODShim", dependencies: ["CGPIOD"]),
    // Chips by label, name or path; lines by offset or name; requests kept until released.
    .target(name: "GPIO", dependencies: ["CGPIODShim", "POSIX"], swiftSettings: strictSettings),
    // LED policy (pure), software PWM on its own thread, backends (gpiod, terminal, recording), configuration.
    .target(
        name: "LEDs", dependencies: ["POSIX", "GPIO", "AirQuality", "CheckedConversions", "Clocks", "Configuration", "JSON", "Diagnostics"],
        swiftSettings: strictSettings),
    // `make bench` (mk/leds.mk): CPU cost of software PWM.
    // Test kits (never linked by the executable): a simulated kernel behind the GPIO driver seam; the
    // recording LED backends (every write or frame kept with its time), also the PWM benchmark's backend.
    .target(name: "GPIOTestSupport", dependencies: ["GPIO", "POSIX"], swiftSettings: strictSettings),
    .target(name: "LEDsTestSupport", dependencies: ["LEDs"], swiftSettings: strictSettings),
    .executableTarget(name: "leds-bench", dependencies: ["LEDs", "LEDsTestSupport", "GPIO"], swiftSettings: strictSettings),
    .testTarget(name: "GPIOTests", dependencies: ["GPIOTestSupport", "GPIO"], exclude: ["Fixtures"], swiftSettings: strictSettings),
    .testTarget(
        name: "LEDsTests",
        dependencies: ["GPIOTestSupport", "LEDsTestSupport", "LEDs", "GPIO", "AirQuality", "Clocks", "Configuration", "JSON", "Diagnostics"],
        swiftSettings: strictSettings),
]
executableDependencies += ["GPIO", "LEDs"]

// MARK: - Open-Meteo: HTTP client on libcurl, services, reconciliation

// libcurl as a system library; its variadic setters are wrapped by typed `static inline` functions in the
// shim header, so no C target is needed.
targets += [
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    // The async HTTP client: one libcurl multi handle on a dedicated thread, retries with backoff.
    .target(
        name: "HTTPClient", dependencies: ["CCurl", "POSIX", "Clocks", "Diagnostics"], swiftSettings: strictSettings),
    // Open-Meteo: request building, response models, services, configuration, caches.
    .target(
        name: "OpenMeteo",
        dependencies: ["POSIX", "HTTPClient", "AirQuality", "CheckedConversions", "Clocks", "Diagnostics", "JSON", "Configuration"],
        swiftSettings: strictSettings),
    // Test scaffolding: a real loopback HTTP server that plays Open-Meteo (full Foundation; never linked by
    // the executable).
    .target(name: "OpenMeteoTestSupport", dependencies: ["OpenMeteo", "POSIX"], swiftSettings: strictSettings),
    .testTarget(
        name: "HTTPClientTests", dependencies: ["ClocksTestSupport", "HTTPClient", "Clocks", "Diagnostics", "OpenMeteoTestSupport"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "OpenMeteoTests",
        dependencies: ["ClocksTestSupport", "OpenMeteo", "HTTPClient", "AirQuality", "Clocks", "Diagnostics", "JSON", "Configuration",
                       "OpenMeteoTestSupport"],
        swiftSettings: strictSettings),
]
executableDependencies += ["HTTPClient", "OpenMeteo"]
endToEndTestDependencies += ["OpenMeteoTestSupport"]

// MARK: - HTTP endpoint: libmicrohttpd server, routes, renderers

// libmicrohttpd (Debian: libmicrohttpd-dev) and a C shim for what Swift cannot call (the variadic start).
targets += [
    .systemLibrary(
        name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
    .target(name: "CMicroHTTPDShim", dependencies: ["CMicroHTTPD"]),
    // The server, limits and router; knows nothing of air quality.
    .target(
        name: "WebAPI",
        dependencies: ["CMicroHTTPD", "CMicroHTTPDShim", "POSIX", "Diagnostics", "Configuration", "JSON"],
        swiftSettings: strictSettings),
    // The station's state as one immutable value, and its renderings (JSON, Prometheus, page, OpenAPI).
    .target(
        name: "StationSnapshot", dependencies: ["POSIX", "AirQuality", "CheckedConversions", "Measurements", "JSON", "Diagnostics"],
        swiftSettings: strictSettings),
    // The routes over the server and the publisher that swaps the pre-encoded bodies.
    .target(
        name: "StationEndpoint", dependencies: ["WebAPI", "StationSnapshot", "JSON", "Diagnostics", "Clocks"],
        swiftSettings: strictSettings),
    // Raw-socket HTTP client (source addresses, trickles, oversize requests) and procfs memory, for tests.
    .target(name: "HTTPTestSupport", dependencies: ["POSIX"], swiftSettings: strictSettings),
    .testTarget(
        name: "WebAPITests",
        dependencies: ["WebAPI", "HTTPTestSupport", "ThreadTestSupport", "Configuration", "JSON", "Diagnostics"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "StationSnapshotTests", dependencies: ["StationSnapshot", "AirQuality", "Measurements", "JSON"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "StationEndpointTests",
        dependencies: ["ClocksTestSupport", 
            "StationEndpoint", "StationSnapshot", "WebAPI", "HTTPTestSupport", "AirQuality", "JSON", "Diagnostics",
            "Clocks", "ThreadTestSupport",
        ],
        exclude: ["Fixtures"], swiftSettings: strictSettings),
]
executableDependencies += ["WebAPI", "StationSnapshot", "StationEndpoint"]
endToEndTestDependencies += ["StationSnapshot", "HTTPTestSupport", "JSON", "ThreadTestSupport"]

// MARK: - Station: configuration, pipeline, storage, systemd

targets += [
    .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
    .target(name: "Storage", dependencies: ["AirQuality", "CheckedConversions", "CSQLite"], swiftSettings: strictSettings),
    .testTarget(
        name: "StorageTests", dependencies: ["Storage", "AirQuality", "ThreadTestSupport"], exclude: ["Fixtures"], swiftSettings: strictSettings),
    // Services, the group that runs them, signals, sd_notify and the watchdog.
    .target(name: "Lifecycle", dependencies: ["POSIX", "Clocks", "Diagnostics"], swiftSettings: strictSettings),
    .testTarget(name: "LifecycleTests", dependencies: ["ClocksTestSupport", "Lifecycle", "Clocks", "Diagnostics"], swiftSettings: strictSettings),
    // The station: its configuration file, the pipeline as services, and the composition `run` and `demo` use.
    .target(
        name: "Station",
        dependencies: [
            "AirQuality", "CheckedConversions", "Measurements", "Clocks", "Diagnostics", "JSON", "Configuration", "Sensors",
            "SensorEmulation", "SensorRuntime", "LinuxIO", "GPIO", "LEDs", "HTTPClient", "OpenMeteo", "WebAPI",
            "StationSnapshot", "StationEndpoint", "Storage", "Lifecycle", "MQTT", "DNSSD", "Uploads", "POSIX",
        ],
        swiftSettings: strictSettings),
    .testTarget(
        name: "StationTests",
        dependencies: [
            "ClocksTestSupport", "LEDsTestSupport",
            "Station", "AirQuality", "Measurements", "Clocks", "Diagnostics", "JSON", "Configuration", "Sensors", "SensorEmulation",
            "LEDs", "OpenMeteo", "OpenMeteoTestSupport", "HTTPTestSupport", "StationSnapshot", "Storage", "Lifecycle",
            "WebAPI", "HTTPClient", "Uploads", "UploadsTestSupport",
        ],
        swiftSettings: strictSettings),
    // `make crash-test`, and the crash-safety test: the station's store service writing as fast as it can.
    .executableTarget(
        name: "breeze-store-crash", dependencies: ["Station", "Storage", "AirQuality", "Clocks", "Diagnostics"],
        swiftSettings: strictSettings),
    // `make bench` (mk/station.mk): the daemon's memory, CPU and start-up time, against an emulated sensor and a
    // fake Open-Meteo. Printed, never asserted.
    .executableTarget(
        name: "station-bench",
        dependencies: [
            "SensorRuntime", "SensorEmulation", "Sensors", "OpenMeteoTestSupport", "HTTPTestSupport", "MQTTTestSupport",
        ],
        swiftSettings: strictSettings),
]
executableDependencies += ["Storage", "Lifecycle", "Station"]
endToEndTestDependencies += ["Storage", "Lifecycle"]

// MARK: - Deployment: doctor, board profiles, packaging

targets += [
    // Board profiles (chip label, UART, I²C, default pins) and `doctor`'s checks, pure over a root directory
    // and a GPIO driver so tests build machines in a temporary directory.
    .target(
        name: "StationDoctor",
        dependencies: ["POSIX", "GPIO", "LEDs", "Sensors", "Configuration", "JSON", "Uploads"],
        swiftSettings: strictSettings),
    .testTarget(
        name: "StationDoctorTests",
        dependencies: ["GPIOTestSupport", "StationDoctor", "AirQuality", "GPIO", "LEDs", "Sensors", "Configuration", "JSON", "WebAPI", "OpenMeteo"],
        swiftSettings: strictSettings),
]
executableDependencies += ["StationDoctor"]
endToEndTestDependencies += ["StationDoctor"]

// MARK: - MQTT: publishing with Home Assistant discovery

// libmosquitto (Debian: libmosquitto-dev, which ships libmosquitto.pc). Every call it needs is a plain C
// function, so no C shim target.
targets += [
    .systemLibrary(name: "CMosquitto", pkgConfig: "libmosquitto", providers: [.apt(["libmosquitto-dev"])]),
    // The publisher: configuration, topics and payloads (pure), the libmosquitto session on its own thread,
    // and the Service the station runs.
    .target(
        name: "MQTT",
        dependencies: ["CMosquitto", "POSIX", "StationSnapshot", "AirQuality", "CheckedConversions", "Measurements", "Configuration", "JSON", "Clocks",
                       "Diagnostics", "Lifecycle"],
        swiftSettings: strictSettings),
    // Tests only: a real mosquitto broker on loopback and a mosquitto_sub subscriber (full Foundation).
    .target(name: "MQTTTestSupport", dependencies: ["POSIX"], swiftSettings: strictSettings),
    .testTarget(
        name: "MQTTTests",
        dependencies: ["ClocksTestSupport", "MQTT", "MQTTTestSupport", "StationSnapshot", "AirQuality", "Measurements", "Configuration", "JSON", "Clocks",
                       "Diagnostics", "Lifecycle"],
        swiftSettings: strictSettings),
]
executableDependencies += ["MQTT"]
endToEndTestDependencies += ["MQTTTestSupport"]

// MARK: - Uploads: community maps (Sensor.Community, openSenseMap)

targets += [
    // The shared upload status and its API/metrics shape, the push encodings (pure) and the uploader services
    // over the HTTP client.
    .target(
        name: "Uploads",
        dependencies: ["HTTPClient", "StationSnapshot", "AirQuality", "CheckedConversions", "Measurements", "JSON", "Configuration", "Clocks", "Diagnostics",
                       "Lifecycle", "POSIX"],
        swiftSettings: strictSettings),
    // Tests only: loopback stand-ins for the community services that check what the real ones check.
    .target(name: "UploadsTestSupport", dependencies: ["OpenMeteoTestSupport", "JSON"], swiftSettings: strictSettings),
    .testTarget(
        name: "UploadsTests",
        dependencies: ["ClocksTestSupport", "Uploads", "UploadsTestSupport", "HTTPClient", "StationSnapshot", "AirQuality", "Measurements", "JSON",
                       "Configuration", "Clocks", "Diagnostics", "Lifecycle", "OpenMeteoTestSupport"],
        swiftSettings: strictSettings),
]
executableDependencies += ["Uploads"]
endToEndTestDependencies += ["Uploads", "UploadsTestSupport"]

// `make fuzz` only (see the Sensors section): Open-Meteo answers through parsing and every renderer.
if Context.environment["BREEZE_FUZZ"] != nil {
    targets.append(
        .executableTarget(
            name: "fuzz-openmeteo",
            dependencies: ["OpenMeteo", "HTTPClient", "StationSnapshot", "MQTT", "AirQuality", "JSON"],
            path: "Fuzz/OpenMeteo", swiftSettings: strictSettings + [.unsafeFlags(["-parse-as-library"])]))
}

// MARK: - DNS-SD: found on the LAN through avahi-daemon

// libavahi-client (Debian: libavahi-client-dev, which ships avahi-client.pc). The string-list variant of
// add_service replaces the variadic one, so no C shim target.
targets += [
    .systemLibrary(name: "CAvahi", pkgConfig: "avahi-client", providers: [.apt(["libavahi-client-dev"])]),
    // The announcement (pure) and the avahi client on avahi's threaded poll, as a Service.
    .target(name: "DNSSD", dependencies: ["CAvahi", "POSIX", "Diagnostics", "Lifecycle"], swiftSettings: strictSettings),
    .testTarget(name: "DNSSDTests", dependencies: ["DNSSD"], swiftSettings: strictSettings),
]
executableDependencies += ["DNSSD"]

// MARK: - The executable, benchmarks and end-to-end tests

targets += [
    .executableTarget(name: "breeze-station", dependencies: executableDependencies, swiftSettings: strictSettings),
    // `make bench`: numbers printed, never asserted.
    .executableTarget(name: "breeze-bench", dependencies: ["AirQuality", "CheckedConversions", "Configuration"], swiftSettings: strictSettings),
    .testTarget(
        name: "BreezeStationTests", dependencies: ["breeze-station"] + endToEndTestDependencies,
        swiftSettings: strictSettings),
]

// The libgpiod v2 leg (`make check-gpiod-v2`) runs only the GPIO and LED suites: BREEZE_TEST_TARGETS=GPIOTests,
// LEDsTests leaves the other test targets out of its build, which is a second debug build of the whole project
// (every suite built twice cost minutes of `make test` on 2 cores).
if let kept = Context.environment["BREEZE_TEST_TARGETS"] {
    let names = Set(kept.split(separator: ",").map(String.init))
    targets.removeAll { $0.type == .test && !names.contains($0.name) }
}

let package = Package(
    name: "BreezeStation",
    products: [
        .executable(name: "breeze-station", targets: ["breeze-station"]),
    ],
    targets: targets
)
