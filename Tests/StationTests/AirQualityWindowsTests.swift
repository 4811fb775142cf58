import AirQuality
import Measurements
import Testing

@testable import Station

@Suite("The AQI windows in memory")
struct AirQualityWindowsTests {
    let start: Double = 1_767_225_600  // 2026-01-01T00:00:00Z, a minute and an hour boundary

    func measurement(_ pm25: Double) -> ParticulateMeasurement {
        ParticulateMeasurement(pm1: pm25 * 0.7, pm25: pm25, pm10: pm25 * 1.3)
    }

    @Test("a minute completes when a reading of the next one arrives, or when the clock passes its end")
    func minutes() {
        var windows = AirQualityWindows()
        #expect(windows.add(measurement(10), at: start).isEmpty)
        #expect(windows.add(measurement(20), at: start + 30).isEmpty)
        let first = windows.add(measurement(30), at: start + 61)
        #expect(first.count == 1)
        #expect(first.first?.pm25?.mean == 15)
        #expect(first.first?.count == 2)
        #expect(windows.advance(to: start + 119).isEmpty)
        let second = windows.advance(to: start + 120)
        #expect(second.first?.minute == MinuteAggregate.minute(containing: start + 61))
        #expect(windows.flush().isEmpty)
    }

    @Test("the first sample gives an instantaneous index at once")
    func instantAtOnce() {
        var windows = AirQualityWindows()
        _ = windows.add(measurement(20), at: start + 5)
        let local = windows.evaluate(now: start + 6, evaluator: LocalAirQualityEvaluator(), fallbackHumidity: nil)
        #expect(local.reported?.basis == .instant)
        #expect(local.instant?.value == (try? AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: 20))?.value)
    }

    @Test("hours are built from minutes; three hours give the NowCast")
    func hours() throws {
        var windows = AirQualityWindows()
        for minute in 0..<(3 * 60 + 1) {
            _ = windows.add(measurement(20), at: start + Double(minute * 60 + 10))
        }
        let local = windows.evaluate(now: start + 3 * 3600 + 30, evaluator: LocalAirQualityEvaluator(), fallbackHumidity: nil)
        #expect(local.reported?.basis == .nowCast)
        let expected = try AQICalculator.nowCastIndex(.pm2_5, hourlyMeans: [20, 20, 20])
        #expect(local.nowCast?.value == expected.value)
        #expect(windows.recentMinutes.count <= Int(AirQualityWindows.minuteHorizon))
    }

    @Test("restored from the store: the NowCast and the 24-hour mean are there before any new sample")
    func restore() {
        var windows = AirQualityWindows()
        let hours = (0..<24).map { offset in
            HourlyAggregate(hour: Int64(start / 3600) - 24 + Int64(offset), minutes: 60, pm1: 7, pm25: 12, pm10: 15)
        }
        windows.restore(minutes: [], hours: hours)
        let local = windows.evaluate(now: start + 10, evaluator: LocalAirQualityEvaluator(), fallbackHumidity: nil)
        #expect(local.reported?.basis == .nowCast)
        #expect(local.dailyMean != nil)
        #expect(local.instant == nil)
    }

    @Test("old minutes and hours are let go")
    func horizons() {
        var windows = AirQualityWindows()
        for minute in 0..<(30 * 60) where minute % 5 == 0 {
            _ = windows.add(measurement(10), at: start + Double(minute * 60))
        }
        #expect(windows.recentMinutes.count <= Int(AirQualityWindows.minuteHorizon))
        #expect(windows.recentHours.count <= Int(AirQualityWindows.hourHorizon) + 1)
    }
}
