import AirQuality
import Foundation
import JSON
import StationSnapshot
import Measurements
import Testing

/// Every renderer survives absurd numbers in a snapshot: whatever gets past the checks where values enter
/// (a snapshot file, a sensor gone wild, a clock stepped by centuries) is written, never trapped on in a
/// Double → Int conversion (issue 20 §1: one PM2.5 of 1e19 ended the daemon in the status page).
@Suite("Renderers with extreme values")
struct ExtremeValueTests {
    static let values: [Double] = [1e19, 1e308, -1e19, -1, .infinity, -.infinity, .nan, 9.3e18, 1e15 + 0.5]

    static func snapshot(_ value: Double) -> StationSnapshot {
        let time = Samples.time
        // An age of `value` seconds (clamped so the Date itself stays a number).
        let past = time.addingTimeInterval(-(value.isFinite ? value : 1e300))
        var sensor = SensorStatus(
            model: "PMS5003", health: .ok, readingTime: past, measurement: ParticulateMeasurement(pm1: value, pm25: value, pm10: value))
        sensor.apply(PM25Correction.epa2021.apply(pm25: value.isFinite ? min(max(value, 0), 1000) : 0, relativeHumidity: 50))
        let huge = saturating(value)
        return StationSnapshot(
            station: StationIdentity(name: "Extreme", latitude: value, longitude: value), time: time, startedAt: past,
            sensor: sensor,
            aqi: AQIReading(value: huge, source: .openMeteo, basis: .average24h, pollutant: .pm2_5, isBeyondIndex: true),
            selection: AQISelection(source: .openMeteo, aqi: huge, reason: "local sensor stale", referenceAge: value),
            localIndices: LocalIndices(instant: huge, nowcast: huge, average24h: huge),
            reference: .available(ReferenceReading(
                time: past, fetchedAt: past, usAQI: huge, pm2_5: value, pm10: value, ozone: value, nitrogenDioxide: value,
                sulphurDioxide: value, carbonMonoxide: value)),
            reconciliation: Reconciliation(
                state: .sensorSuspect, suspectReason: .stuck, explanation: "extreme",
                pm25: PMComparison(pollutant: .pm2_5, local: value, reference: value, hours: 3), pm10: nil,
                localAQI24h: huge, referenceAQI24h: huge, longRunRatio: value, longRunHours: 1, referenceAge: value,
                referenceError: nil, evaluatedAt: time),
            recentHours: (0..<24).map { HourlyAQI(start: time.addingTimeInterval(Double($0 - 24) * 3600), aqi: huge, pm2_5: value) },
            services: OpenMeteoServices(ticker: [CityAQI(name: "Extreme", aqi: huge)]))
    }

    @Test("status page, /api/v1/current, metrics: every value written", arguments: values)
    func renderers(_ value: Double) throws {
        let snapshot = Self.snapshot(value)
        let page = StatusPage.render(snapshot)
        #expect(page.contains("</html>"))
        let current = CurrentDocument.render(snapshot)
        let text = current.serialized()
        // Valid JSON whatever the value (non-finite numbers are written as null).
        _ = try JSONValue.parse(Array(text.utf8))
        let metrics = PrometheusText.render(StationMetrics.families(snapshot))
        #expect(metrics.contains("breeze_"))
        if value == 1e19 {
            // Written as Swift writes it, not dropped: the page shows what the reference said.
            #expect(page.contains("1e+19"))
            #expect(current["reference"]?["pm2_5"] == .number(1e19))
        }
    }

    @Test("a time beyond the years 0000-9999 is written as the nearest of them")
    func farTimes() {
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 1e300)) == "9999-12-31T23:59:59Z")
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: -1e300)) == "0000-01-01T00:00:00Z")
    }
}

/// `value` as an Int, saturating (kept here so the test builds without the product's helper).
func saturating(_ value: Double) -> Int {
    value.isNaN ? 0 : value >= 9.2e18 ? .max : value <= -9.2e18 ? .min : Int(value)
}
