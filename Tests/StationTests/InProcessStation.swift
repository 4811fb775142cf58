import AirQuality
import Clocks
import Configuration
import Diagnostics
import Foundation
import HTTPTestSupport
import JSON
import LEDs
import OpenMeteo
import OpenMeteoTestSupport
import SensorEmulation
import Uploads
import Sensors
import Synchronization
import Lifecycle
import WebAPI
import LEDsTestSupport
import ClocksTestSupport

@testable import Station

/// The whole station in this process, on a manual clock: the real driver over an emulated PMS5003 link, the
/// real pipeline, store (SQLite in a temporary directory), HTTP endpoint (loopback), a fake Open-Meteo over real
/// TCP, and a recording LED display. Virtual time moves only when every service waits on the clock, so hours
/// run in milliseconds and deterministically.
final class InProcessStation: Sendable {
    /// 2026-11-30T09:00:00Z: the fake's model hours cover the day.
    static let start = Date(timeIntervalSince1970: 1_796_029_200)

    let clock: ManualClock
    let stream: EmulatedByteStream
    /// Channel B's link (`sensor_b`), when the station has a second sensor.
    let streamB: EmulatedByteStream?
    let recorder = RecordingLEDDisplay(lineCount: 3)
    let logs = InMemoryLogSink()
    let runtime: StationRuntime
    let databasePath: String
    /// Services that sleep on the clock when idle: the sensor loop, the pipeline ticker, and the Open-Meteo
    /// refreshes (reference, cities, pollen, climate) and, with a reference, the reconciliation memory.
    let idleSleepers: Int
    private let task = Mutex<Task<Void, any Error>?>(nil)

    init(
        directory: URL, fake: FakeOpenMeteo?, pm25: Double, clock: ManualClock = ManualClock(start: InProcessStation.start),
        stream: EmulatedByteStream? = nil, aqi: AQIConfiguration = AQIConfiguration(), model: SensorModel = .pms5003,
        correction: PM25CorrectionChoice? = PM25CorrectionChoice.none, scenario: ConcentrationScenario? = nil,
        streamB: EmulatedByteStream? = nil, climate: ClimateConfiguration? = nil,
        climateDevice: EmulatedI2CDevice? = nil, sensorCommunity: SensorCommunityConfiguration? = nil,
        openSenseMap: OpenSenseMapConfiguration? = nil
    ) throws {
        self.clock = clock
        let device = try #require(
            SensorEmulators.serialDevice(model, scenario: scenario ?? .steady(pm25: pm25), start: clock.now))
        let stream = stream ?? EmulatedByteStream(device: device, clock: clock)
        self.stream = stream
        self.streamB = streamB
        databasePath = directory.appendingPathComponent("history.db").path
        var sensor = SensorConfiguration(model: model)
        sensor.driver.interval = .seconds(60)
        sensor.driver.warmUp = .seconds(10)
        sensor.driver.staleAfter = .seconds(180)
        var openMeteo = OpenMeteoConfiguration()
        openMeteo.enabled = fake != nil
        if let fake { openMeteo.endpoints = fake.endpoints() }
        openMeteo.cities = [NamedPlace(name: "Delhi", coordinate: try #require(GeoCoordinate(latitude: 28.61, longitude: 77.21)))]
        var http = HTTPConfiguration(listen: try ListenAddress(parsing: "127.0.0.1:0"), limits: .standard)
        http.announce = false  // no DNS-SD from tests: the machine's avahi-daemon would put it on a real LAN
        var configuration = StationConfiguration(
            station: StationSettings(name: "In-process", location: .coordinates(try #require(GeoCoordinate(latitude: 52.52, longitude: 13.41)))),
            sensor: sensor, aqi: aqi, leds: LEDConfiguration(backend: .terminal, palette: .breeze, selfTest: false),
            http: http,
            openMeteo: openMeteo, storage: StorageConfiguration(path: databasePath), sensorCommunity: sensorCommunity,
            openSenseMap: openSenseMap, log: LogConfiguration(level: .debug), climate: climate)
        if streamB != nil { configuration.sensorB = sensor }
        // nil: the configuration's default (`auto`), as a station with no `correction` key runs.
        if let correction { configuration.correction = correction }
        var environment = StationEnvironment(variables: [:], clock: clock)
        environment.logSink = logs
        environment.logFormat = .terminal
        environment.ledBackend = .display(recorder)
        environment.usesControlPins = false
        environment.publishInterval = .seconds(60)
        environment.makeSensorDriver = { configuration, _, clock, logger in
            try SensorDriver(model: model, link: .serial(stream), settings: configuration.driver, clock: clock, logger: logger)
        }
        if let streamB {
            environment.makeSensorBDriver = { configuration, _, clock, logger in
                try SensorDriver(model: .pms5003, link: .serial(streamB), settings: configuration.driver, clock: clock, logger: logger)
            }
        }
        if let climateDevice { environment.makeClimateDevice = { _, _ in climateDevice } }
        runtime = StationRuntime(configuration: configuration, environment: environment)
        // With a correction, Open-Meteo's humidity is fetched too.
        let humidity = fake != nil && configuration.effectiveCorrection?.correction != PM25Correction.none ? 1 : 0
        idleSleepers = (fake == nil ? 2 : 7) + humidity + (streamB == nil ? 0 : 1) + (climate == nil ? 0 : 1)
            + (sensorCommunity == nil ? 0 : 1) + (openSenseMap == nil ? 0 : 1)
    }

    /// Starts the station and waits until it serves.
    func start() async throws {
        let ready = WakeSignal()
        let runtime = self.runtime
        task.withLock {
            $0 = Task { try await runtime.run { _ in ready.signal() } }
        }
        await ready.wait(until: Date().addingTimeInterval(30), clock: SystemClock())
        #expect(runtime.port != nil)
    }

    /// Moves virtual time forward by `duration`, each step once every service waits on the clock (or
    /// `sleepers` of them, when one is known to be busy elsewhere).
    func advance(by duration: Duration, sleepers: Int? = nil) async {
        let idle = sleepers ?? idleSleepers
        let end = clock.now.adding(duration)
        while clock.now < end {
            guard await clock.waitForSleepers(idle, timeout: .seconds(30)) else {
                Issue.record("only \(clock.sleeperCount) of \(idle) services waiting at \(clock.now)")
                return
            }
            clock.advance(to: min(clock.nextDeadline ?? end, end))
        }
        _ = await clock.waitForSleepers(idle, timeout: .seconds(30))
    }

    /// GET `path` on the endpoint, parsed as JSON.
    func json(_ path: String) async throws -> JSONValue {
        let port = try #require(runtime.port)
        let exchange = try await offPool { try RawHTTPClient.request("GET", path, port: port) }
        return try JSONValue.parse(exchange.body)
    }

    /// GET `path` on the endpoint, as text.
    func text(_ path: String) async throws -> String {
        let port = try #require(runtime.port)
        return try await offPool { try RawHTTPClient.request("GET", path, port: port) }.text
    }

    /// Stops the station and waits for its cleanup.
    func stop() async throws {
        runtime.shutdown()
        let running = task.withLock { $0 }
        try await running?.value
    }
}

#if canImport(Testing)
    import Testing
#endif
