import AirQuality
import Clocks
import Foundation
import OpenMeteo
import OpenMeteoTestSupport
import Testing
import ClocksTestSupport

@Suite("Reconciliation against a decoded Open-Meteo answer")
struct ReconciliationReferenceTests {
    let berlin = GeoCoordinate(latitude: 52.52, longitude: 13.41)!

    /// The refresh cache after one fetch of the fixture, at 14:30Z.
    func reference() async throws -> (CachedValue<AirQualityReading>, Date) {
        let clock = ManualClock(start: OpenMeteoFixtures.currentTime.addingTimeInterval(1800))
        let client = OpenMeteoClient(transport: RecordingTransport(body: OpenMeteoFixtures.currentAirQuality()))
        let refresh = PeriodicRefresh(name: "air quality", interval: .seconds(900), clock: clock, logger: testLogger().0) {
            try await client.currentAirQuality(at: berlin)
        }
        return (await refresh.refresh(), clock.now)
    }

    @Test("local hourly means from the same air agree; the AQI is compared with the PM sub-index")
    func agrees() async throws {
        let (cache, now) = try await reference()
        // The last six complete hours, with the sensor 1 µg/m³ above the model's hour means.
        let local = (1...6).map { hoursBefore -> HourlyPM in
            let start = OpenMeteoFixtures.currentTime.addingTimeInterval(-3600 * Double(hoursBefore))
            let model = cache.value?.reference.hourMean(\.pm25, hourStart: start) ?? 0
            return HourlyPM(hourStart: start, pm25: model + 1, pm10: nil)
        }
        var history = ReconciliationHistory()
        let result = try #require(Reconciler.evaluate(
            local: local, localAQI24h: 58, reference: cache.referenceSnapshot, history: &history, now: now))
        #expect(result.state == .agrees)
        #expect(result.pm25?.difference == 1)
        #expect(result.referenceAQI24h == 61)
        #expect(history.pairs.count == 6)

        #expect(result.aqiDifference == -3)
        #expect(result.referenceAge == 0)
    }

    @Test("the fallback shows the model's PM index")
    func selection() async throws {
        let (cache, now) = try await reference()
        let selection = AQISourceSelector.select(health: .stale, localAQI: nil, reference: cache.referenceSnapshot, now: now)
        #expect(selection.source == .openMeteo)
        #expect(selection.aqi == 61)
        #expect(selection.level == .moderate)
    }
}
