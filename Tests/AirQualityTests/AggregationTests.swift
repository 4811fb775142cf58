import Measurements
import Testing

@testable import AirQuality

@Suite("Minute and hourly aggregation")
struct AggregationTests {
    func measurement(_ pm25: Double, humidity: Double? = nil) -> ParticulateMeasurement {
        ParticulateMeasurement(pm1: pm25 / 2, pm25: pm25, pm10: pm25 * 2, relativeHumidity: humidity)
    }

    @Test("a minute closes when a reading of a later minute arrives")
    func closesOnNextMinute() throws {
        var aggregator = MinuteAggregator()
        let base = 1_767_225_600.0  // a whole minute
        #expect(aggregator.add(measurement(10, humidity: 40), at: base + 1) == nil)
        #expect(aggregator.add(measurement(20, humidity: 60), at: base + 30) == nil)
        #expect(aggregator.add(measurement(30), at: base + 59.9) == nil)
        let next = aggregator.add(measurement(99), at: base + 61)
        let finished = try #require(next)
        #expect(finished.minute == Int64(base / 60))
        #expect(finished.count == 3)
        #expect(finished.pm25 == Statistic(mean: 20, minimum: 10, maximum: 30))
        #expect(finished.pm10?.mean == 40)
        #expect(finished.humidity == 50)
        #expect(finished.pm25CF1 == nil)
        #expect(aggregator.pendingMinute == Int64(base / 60) + 1)
    }

    @Test("flush closes the pending minute only once its end has passed")
    func flush() throws {
        var aggregator = MinuteAggregator()
        let base = 1_767_225_600.0
        _ = aggregator.add(measurement(10), at: base + 5)
        #expect(aggregator.flush(before: base + 59) == nil)
        let flushed = aggregator.flush(before: base + 60)
        let finished = try #require(flushed)
        #expect(finished.count == 1)
        #expect(aggregator.pendingMinute == nil)
        #expect(aggregator.flush() == nil)
    }

    @Test("a reading from an earlier minute is dropped")
    func clockBackwards() {
        var aggregator = MinuteAggregator()
        let base = 1_767_225_600.0
        _ = aggregator.add(measurement(10), at: base + 70)
        #expect(aggregator.add(measurement(500), at: base + 5) == nil)
        #expect(aggregator.flush()?.pm25?.maximum == 10)
    }

    @Test("an hour is the mean of its minute means, and valid from 45 of 60 minutes")
    func hourly() throws {
        let hour: Int64 = 490_896
        let minutes = (0..<45).map { offset in
            MinuteAggregate(
                minute: hour * 60 + Int64(offset), count: offset == 0 ? 100 : 1, pm1: nil,
                pm25: Statistic(offset == 0 ? 100 : 10), pm10: nil)
        }
        let aggregate = try #require(HourlyAggregate(hour: hour, minutes: minutes))
        #expect(aggregate.minutes == 45)
        #expect(abs((aggregate.pm25 ?? 0) - 12) < 1e-9)
        #expect(aggregate.isValid())
        #expect(!HourlyAggregate(hour: hour, minutes: minutes.dropLast())!.isValid())
        #expect(aggregate.isValid(expectedMinutes: 12))
        #expect(HourlyAggregate(hour: hour + 1, minutes: minutes) == nil)
    }

    @Test("minutes before 1970 floor correctly")
    func negativeTime() {
        #expect(MinuteAggregate.minute(containing: -1) == -1)
        #expect(MinuteAggregate(minute: -1, count: 1, pm1: nil, pm25: nil, pm10: nil).hour == -1)
    }
}
