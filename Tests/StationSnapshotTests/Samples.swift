import AirQuality
import Foundation
import StationSnapshot

/// Snapshots built the way the station builds them: from AirQuality's types.
enum Samples {
    static let time = Date(timeIntervalSince1970: 1_772_366_400)  // 2026-03-01T12:00:00Z

    static func full() throws -> StationSnapshot {
        let nowCast = try AQICalculator.nowCastIndex(.pm2_5, hourlyMeans: [14.6, 13.0, 12.0, 11.0, 12.5, 13.1, 14.0, 15.0, 16.0, 15.0, 14.0, 13.0])
        let overall = try #require(OverallIndex([nowCast]))
        var sensor = SensorStatus(
            model: "PMS5003", health: .ok, readingTime: time.addingTimeInterval(-2), measurement: ParticulateMeasurement(pm1: 8.2, pm25: 14.6, pm10: 19.9))
        sensor.apply(PM25Correction.epa2021.apply(pm25: 14.6, relativeHumidity: 50))
        sensor.correctionHumiditySource = .climate
        sensor.correctionHumidity = 50
        sensor.humidityFlag = false
        var snapshot = StationSnapshot(
            station: StationIdentity(name: "Balcony <Süd> & \"Co\"", latitude: 52.52, longitude: 13.405),
            time: time, startedAt: time.addingTimeInterval(-3600), sensor: sensor,
            aqi: AQIReading(overall, source: .local, basis: .nowcast),
            selection: AQISelection(source: .local, aqi: overall.value, reason: "local sensor ok", referenceAge: nil),
            localIndices: LocalIndices(instant: 61, nowcast: overall.value, average24h: 72),
            reference: .available(ReferenceReading(
                time: time, fetchedAt: time.addingTimeInterval(-600), usAQI: 52, pm2_5: 10.3, pm10: 15.1, ozone: 61)),
            reconciliation: Reconciliation(
                state: .agrees, suspectReason: nil, explanation: "close",
                pm25: PMComparison(pollutant: .pm2_5, local: 12.1, reference: 10.3, hours: 3), pm10: nil,
                localAQI24h: 72, referenceAQI24h: 52, longRunRatio: nil, longRunHours: 0, referenceAge: 600,
                referenceError: nil, evaluatedAt: time),
            leds: LEDStatus(color: overall.level.color, pattern: "solid"),
            recentHours: (0..<24).map { HourlyAQI(start: time.addingTimeInterval(Double($0 - 24) * 3600), aqi: $0 == 3 ? nil : 40 + $0 * 3) },
            counters: StationCounters(sensorFrames: 100, checksumErrors: 2, resyncs: 1, referenceFetches: 5, referenceFailures: 1),
            services: OpenMeteoServices(ticker: [CityAQI(name: "Delhi", aqi: 168), CityAQI(name: "Nowhere", aqi: nil)]))
        snapshot.climate = ClimateReading(
            temperature: 21.37, relativeHumidity: 50, pressure: 101_225, source: .climate, model: "bme280",
            time: time.addingTimeInterval(-12))
        return snapshot
    }

    static let empty = StationSnapshot(station: StationIdentity(name: "Empty", latitude: nil, longitude: nil), time: time)
}

#if canImport(Testing)
    import Measurements
import Testing
#endif
