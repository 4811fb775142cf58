import Testing

@testable import AirQuality

@Suite("Local air-quality evaluation")
struct LocalAirQualityEvaluatorTests {
    let now = 1_767_225_600.0 + 30 * 60  // 00:30 on a day: the current hour is incomplete
    var currentHour: Int64 { Int64(now / 3600) }

    func hour(_ offset: Int64, pm25: Double, minutes: Int = 60, cf1: Double? = nil, humidity: Double? = nil) -> HourlyAggregate {
        HourlyAggregate(hour: currentHour - offset, minutes: minutes, pm1: nil, pm25: pm25, pm10: pm25 * 2, pm25CF1: cf1, humidity: humidity)
    }

    @Test("the NowCast uses the 12 complete hours before now, newest first; the current hour is ignored")
    func nowCast() throws {
        let series: [Double] = [45.0, 38.2, 30.7, 24.1, 19.6, 15.8, 12.3, 11.0, 10.1, 9.4, 8.9, 8.2]
        var hours = series.enumerated().map { hour(Int64($0.offset + 1), pm25: $0.element) }
        hours.append(hour(0, pm25: 900))  // the incomplete current hour
        let result = LocalAirQualityEvaluator().evaluate(hours: hours, minutes: [], now: now)
        let nowCast = try #require(result.nowCast)
        let pm25 = try #require(nowCast.subIndices.first { $0.pollutant == .pm2_5 })
        #expect(pm25.value == 108)
        #expect(pm25.concentration == 38.4)
        #expect(result.reported?.basis == .nowCast)
        #expect(result.dailyMean == nil)  // 12 of 24 hours only
    }

    @Test("a thin hour is missing, and missing recent hours leave no NowCast")
    func coverage() {
        let hours = [hour(1, pm25: 10, minutes: 30), hour(2, pm25: 10, minutes: 30), hour(3, pm25: 10)]
        let result = LocalAirQualityEvaluator().evaluate(hours: hours, minutes: [], now: now)
        #expect(result.nowCast == nil)
        #expect(result.hourly.last?.pm25 == nil)
        let duty = LocalAirQualityEvaluator(expectedMinutesPerHour: 12)
        #expect(duty.evaluate(hours: hours, minutes: [], now: now).nowCast != nil)
    }

    @Test("the 24-hour mean needs 18 valid hours")
    func daily() throws {
        let eighteen = (1...18).map { hour(Int64($0), pm25: 20) }
        let result = LocalAirQualityEvaluator().evaluate(hours: eighteen, minutes: [], now: now)
        #expect(result.dailyMean?.value == 71)
        #expect(result.dailyMean?.responsible.averaging == .twentyFourHours)
        let seventeen = Array(eighteen.dropLast())
        #expect(LocalAirQualityEvaluator().evaluate(hours: seventeen, minutes: [], now: now).dailyMean == nil)
    }

    @Test("the instant index averages the last 10 minutes and stands in before the NowCast exists")
    func instant() throws {
        let currentMinute = MinuteAggregate.minute(containing: now)
        let minutes = (0..<15).map { offset in
            MinuteAggregate(minute: currentMinute - Int64(offset), count: 1, pm1: nil, pm25: Statistic(offset < 10 ? 35.5 : 500), pm10: Statistic(10))
        }
        let result = LocalAirQualityEvaluator().evaluate(hours: [], minutes: minutes, now: now)
        #expect(result.instantPM25 == 35.5)
        #expect(result.instant?.value == 101)
        #expect(result.reported?.basis == .instant)
        #expect(result.reported?.index.value == 101)
    }

    @Test("the correction runs on CF=1 with the sensor's humidity, or the fallback humidity")
    func correction() throws {
        let hours = (1...3).map { hour(Int64($0), pm25: 15, cf1: 20, humidity: 50) }
        let evaluator = LocalAirQualityEvaluator(correction: .epa2021)
        let result = evaluator.evaluate(hours: hours, minutes: [], now: now)
        #expect(abs((result.hourly.last?.pm25 ?? 0) - 11.92) < 1e-9)
        #expect(result.correction?.correction == .epa2021)
        let noHumidity = (1...3).map { hour(Int64($0), pm25: 15, cf1: 20) }
        let fallback = evaluator.evaluate(hours: noHumidity, minutes: [], now: now, fallbackHumidity: 50)
        #expect(abs((fallback.hourly.last?.pm25 ?? 0) - 11.92) < 1e-9)
        let none = evaluator.evaluate(hours: noHumidity, minutes: [], now: now)
        #expect(none.correction?.correction == PM25Correction.none)
        #expect(none.hourly.last?.pm25 == 15)
    }
}
