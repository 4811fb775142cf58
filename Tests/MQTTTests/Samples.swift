import AirQuality
import Clocks
import Configuration
import Diagnostics
import Foundation
import JSON
import Measurements
import MQTT
import StationSnapshot

/// Snapshots and configurations the MQTT tests share.
enum Samples {
    static let time = Date(timeIntervalSince1970: 1_772_366_400)  // 2026-03-01T12:00:00Z

    /// A full snapshot: a local NowCast of 57 (Moderate), a reference, an `agree` reconciliation.
    static func snapshot(name: String = "Balcony", at time: Date = time, pm25: Double = 14.6) -> StationSnapshot {
        StationSnapshot(
            station: StationIdentity(name: name, latitude: 52.52, longitude: 13.405),
            time: time,
            sensor: SensorStatus(
                model: "PMS5003", health: .ok, readingTime: time.addingTimeInterval(-2),
                measurement: ParticulateMeasurement(pm1: 8.24, pm25: pm25, pm10: 19.9), correction: .epa2021,
                correctedPM2_5: 12.1),
            aqi: AQIReading(value: 57, source: .local, basis: .nowcast, pollutant: .pm2_5),
            reference: .available(
                ReferenceReading(
                    time: time, fetchedAt: time.addingTimeInterval(-600), usAQI: 52, pm2_5: 10.3, pm10: 15.1)),
            reconciliation: Reconciliation(
                state: .agrees, suspectReason: nil, explanation: "local PM2.5 is 1.2× the regional value",
                pm25: PMComparison(pollutant: .pm2_5, local: 12.1, reference: 10.3, hours: 3), pm10: nil,
                localAQI24h: 57, referenceAQI24h: 52, longRunRatio: 1.17, longRunHours: 24, referenceAge: 600,
                referenceError: nil, evaluatedAt: time))
    }

    /// A snapshot with nothing known.
    static let empty = StationSnapshot(station: StationIdentity(name: "Balcony", latitude: 0, longitude: 0), time: time)

    /// The configuration of `json` (the `mqtt` section), or the errors `finish()` throws.
    static func configuration(_ json: String, stationName: String = "Balcony") throws -> MQTTConfiguration? {
        let root = try ConfigFile.parse(Array("{\"mqtt\": \(json)}".utf8), source: "test")
        let configuration = MQTTConfiguration(section: root.section("mqtt"), stationName: stationName)
        try root.finish()
        return configuration
    }

    /// Configuration errors of `json`, as `key: message` lines.
    static func errors(_ json: String, stationName: String = "Balcony") -> [String] {
        do {
            _ = try configuration(json, stationName: stationName)
            return []
        } catch let errors as ConfigErrors {
            return errors.errors.map(\.description)
        } catch {
            return ["\(error)"]
        }
    }

    /// A logger into memory.
    static func logger(_ sink: InMemoryLogSink = InMemoryLogSink()) -> Logger {
        Logger(label: "mqtt", minimumLevel: .debug, sink: sink, format: .terminal)
    }
}
