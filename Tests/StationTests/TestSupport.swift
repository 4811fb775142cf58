import AirQuality
import Clocks
import Configuration
import Diagnostics
import Foundation
import HTTPClient
import Measurements
import OpenMeteo
import OpenMeteoTestSupport
import Sensors
import Synchronization
import ClocksTestSupport

@testable import Station

/// A sensor that tells the pipeline what a driver's events would: its health and counters as reports (set by
/// the test), its samples through ``StationPipeline/record(_:)``. Never goes stale by itself: the test sets
/// the health it wants.
final class FakeSensor: Sendable {
    let model: SensorModel
    private let state: Mutex<(health: SensorHealth, counters: SensorStatistics, pipeline: StationPipeline?)>

    init(model: SensorModel = .pms5003, health: SensorHealth.State = .ok, at time: Date) {
        self.model = model
        state = Mutex((Self.health(health, at: time), SensorStatistics(), nil))
    }

    private static func health(_ state: SensorHealth.State, at time: Date) -> SensorHealth {
        SensorHealth(state: state, reason: state == .ok ? nil : "test", since: time, lastGoodSample: nil)
    }

    /// The report a driver in this state would send.
    var report: SensorReport {
        state.withLock { state in
            SensorReport(
                condition: SensorCondition(base: state.health, staleAfter: .seconds(1_000_000_000)),
                statistics: state.counters)
        }
    }

    /// Attaches to `pipeline`, as the sensor loop does with a driver; later changes are sent to it as reports.
    func attach(to pipeline: StationPipeline) {
        state.withLock { $0.pipeline = pipeline }
        pipeline.attach(sensor: SensorFeed(model: model, report: report))
    }

    func set(_ health: SensorHealth.State, at time: Date) {
        state.withLock { $0.health = Self.health(health, at: time) }
        send()
    }

    /// Changes the counters the reports carry.
    func setCounters(_ body: (inout SensorStatistics) -> Void) {
        state.withLock { body(&$0.counters) }
        send()
    }

    private func send() {
        let report = report
        state.withLock { $0.pipeline }?.record(report)
    }

    func sample(_ pm25: Double, at time: Date) -> SensorSample {
        SensorSample(
            time: time, model: model,
            measurement: ParticulateMeasurement(pm1: pm25 * 0.7, pm25: pm25, pm10: pm25 * 1.3))
    }
}

extension StationPipeline {
    /// Attaches a fake sensor as the sensor loop attaches a driver.
    func attach(sensor: FakeSensor) { sensor.attach(to: self) }
}

/// Answers every request with one body.
struct StubTransport: HTTPTransport {
    let body: String
    let status: Int

    init(body: String, status: Int = 200) {
        self.body = body
        self.status = status
    }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        HTTPResponse(status: status, body: Array(body.utf8), url: request.url)
    }
}

/// A reference cache after one fetch of the fixture at `time` (Berlin, PM index 61, model PM2.5 12-17).
func referenceCache(fetchedAt time: Date) async throws -> CachedValue<AirQualityReading> {
    let client = OpenMeteoClient(transport: StubTransport(body: OpenMeteoFixtures.currentAirQuality()))
    let clock = ManualClock(start: time)
    let place = try #require(GeoCoordinate(latitude: 52.52, longitude: 13.41))
    let refresh = PeriodicRefresh(name: "reference", interval: .seconds(900), clock: clock, logger: quietLogger(clock)) {
        try await client.currentAirQuality(at: place)
    }
    return await refresh.refresh()
}

/// A logger that keeps its lines in memory.
func quietLogger(_ clock: any StationClock, sink: InMemoryLogSink = InMemoryLogSink()) -> Logger {
    Logger(label: "test", minimumLevel: .debug, sink: sink, format: .terminal, clock: clock)
}

/// `text` read as the station's configuration file, as `run` and `check-config` read it.
func parseConfiguration(_ text: String, environment: [String: String] = [:]) throws(ConfigErrors) -> StationConfiguration {
    try StationConfiguration.parse(try ConfigFile.parse(Array(text.utf8), source: "test.json"), environment: environment)
}

/// Every problem `check-config` would list for `text`; empty when it is valid.
func configurationProblems(_ text: String) -> [ConfigError] {
    do throws(ConfigErrors) {
        _ = try parseConfiguration(text)
        return []
    } catch {
        return error.errors
    }
}

/// A fresh temporary directory.
func temporaryDirectory(_ name: String = "station") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

#if canImport(Testing)
    import Testing
#endif

