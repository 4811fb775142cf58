import Testing

@testable import AirQuality

@Suite("NowCast")
struct NowCastTests {
    @Test("example A, rising smoke: w clamps to 0.5, NowCast 38.4, AQI 108")
    func risingSmoke() throws {
        let hours: [Double?] = [45.0, 38.2, 30.7, 24.1, 19.6, 15.8, 12.3, 11.0, 10.1, 9.4, 8.9, 8.2]
        let nowCast = try NowCast(hourlyMeans: hours)
        #expect(nowCast.weightFactor == 0.5)
        #expect(abs(nowCast.concentration - 38.437) < 0.001)
        let index = try AQICalculator.nowCastIndex(.pm2_5, hourlyMeans: hours)
        #expect(index.concentration == 38.4)
        #expect(index.value == 108)
        #expect(index.level == .unhealthySensitive)
        #expect(index.averaging == .nowCast)
    }

    @Test("example B, steady air with the 7th hour missing: AQI 55")
    func steadyWithGap() throws {
        let hours: [Double?] = [11.0, 12.2, 11.8, 10.5, 9.7, 10.2, nil, 12.6, 11.9, 10.8, 11.4, 12.0]
        let nowCast = try NowCast(hourlyMeans: hours)
        #expect(abs(nowCast.weightFactor - 0.7698) < 0.0001)
        #expect(abs(nowCast.concentration - 11.236) < 0.001)
        #expect(nowCast.hoursUsed == 11)
        #expect(try AQICalculator.nowCastIndex(.pm2_5, hourlyMeans: hours).value == 55)
    }

    @Test("AirNow forum example: NowCast 28.4 gives 87 on the 2024 table")
    func forumExample() throws {
        let hours: [Double?] = [21, nil, 35, 49.2, 48.6, 53.7, 66.2, 69.2, 64.9, 50, 43, 34.9]
        let nowCast = try NowCast(hourlyMeans: hours)
        #expect(abs(nowCast.concentration - 28.41) < 0.01)
        #expect(try AQICalculator.nowCastIndex(.pm2_5, hourlyMeans: hours).value == 87)
    }

    @Test("a missing hour keeps the ages of the hours after it")
    func missingHourKeepsAges() throws {
        // With w = 0.5: hours 0 and 2 present → (10·1 + 20·0.25) / (1 + 0.25) = 12.
        let nowCast = try NowCast(hourlyMeans: [10, nil, 20])
        #expect(nowCast.weightFactor == 0.5)
        #expect(abs(nowCast.concentration - 12) < 1e-9)
    }

    @Test("needs 2 of the 3 newest hours", arguments: [
        ([nil, 5, 5] as [Double?], true),
        ([5, nil, 5], true),
        ([5, 5, nil], true),
        ([nil, nil, 5, 5, 5], false),
        ([5, nil, nil, 5, 5], false),
        ([5], false),
        ([], false),
    ])
    func validity(_ hours: [Double?], _ valid: Bool) throws {
        let index = try AQICalculator.nowCastIndex(.pm10, hourlyMeans: hours)
        #expect((index.value != nil) == valid)
        if !valid { #expect(index.unavailableReason?.contains("2 of the 3") == true) }
    }

    @Test("steady air gives the plain mean; zero air gives zero")
    func steady() throws {
        #expect(try NowCast(hourlyMeans: Array(repeating: 7.5, count: 12)).concentration == 7.5)
        #expect(try NowCast(hourlyMeans: Array(repeating: 0, count: 12)).concentration == 0)
    }

    @Test("hours past the twelfth are ignored; invalid values are rejected")
    func windowAndValidation() throws {
        let thirteen: [Double?] = Array(repeating: 10, count: 12) + [500]
        #expect(try NowCast(hourlyMeans: thirteen).concentration == 10)
        #expect(throws: NowCast.Unavailable.self) { try NowCast(hourlyMeans: [10, -1, 10]) }
        #expect(throws: NowCast.Unavailable.self) { try NowCast(hourlyMeans: [10, .nan, 10]) }
    }

    @Test("PM10 NowCast truncates to whole µg/m³")
    func pm10() throws {
        let index = try AQICalculator.nowCastIndex(.pm10, hourlyMeans: [54.9, 54.9, 54.9])
        #expect(index.concentration == 54)
        #expect(index.value == 50)
    }
}

@Suite("Hourly means")
struct HourlyMeanTests {
    @Test("an hour with enough samples gives its mean and coverage")
    func enough() throws {
        let mean = try #require(HourlyMean(samples: Array(repeating: 12.0, count: 50), expectedCount: 60))
        #expect(mean.mean == 12)
        #expect(mean.count == 50)
        #expect(abs(mean.coverage - 50.0 / 60.0) < 1e-12)
    }

    @Test("an hour below 75 % coverage is missing, not low")
    func tooFew() {
        #expect(HourlyMean(samples: Array(repeating: 12.0, count: 44), expectedCount: 60) == nil)
        #expect(HourlyMean(samples: Array(repeating: 12.0, count: 45), expectedCount: 60) != nil)
        #expect(HourlyMean(samples: [], expectedCount: 60) == nil)
        #expect(HourlyMean(samples: Array(repeating: 12.0, count: 50), expectedCount: 60, minimumCoverage: 0.9) == nil)
    }

    @Test("invalid samples are dropped before counting")
    func dropsInvalid() throws {
        let samples = Array(repeating: 10.0, count: 45) + [.nan, -3, .infinity]
        let mean = try #require(HourlyMean(samples: samples, expectedCount: 48))
        #expect(mean.count == 45)
        #expect(mean.mean == 10)
    }
}
