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

/// A sensor whose health and last sample the test sets.
final class FakeSensor: SensorReadout {
    let model: SensorModel
    private let state: Mutex<(health: SensorHealth, sample: SensorSample?)>

    init(model: SensorModel = .pms5003, health: SensorHealth.State = .ok, at time: Date) {
        self.model = model
        state = Mutex((SensorHealth(state: health, reason: health == .ok ? nil : "test", since: time, lastGoodSample: nil), nil))
    }

    var health: SensorHealth { state.withLock { $0.health } }
    var statistics: SensorStatistics { counters.withLock { $0 } }
    /// The counters ``statistics`` reports (tests set them).
    let counters = Mutex(SensorStatistics())
    var latestSample: SensorSample? { state.withLock { $0.sample } }

    func set(_ health: SensorHealth.State, at time: Date) {
        state.withLock { $0.health = SensorHealth(state: health, reason: health == .ok ? nil : "test", since: time, lastGoodSample: nil) }
    }

    /// Makes `sample` the latest one.
    func hold(_ sample: SensorSample) {
        state.withLock { $0.sample = sample }
    }

    func sample(_ pm25: Double, at time: Date) -> SensorSample {
        let sample = SensorSample(
            time: time, model: model,
            measurement: ParticulateMeasurement(pm1: pm25 * 0.7, pm25: pm25, pm10: pm25 * 1.3))
        state.withLock { $0.sample = sample }
        return sample
    }
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

