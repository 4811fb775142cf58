import Testing

@testable import AirQuality

@Suite("Local index evaluation")
struct LocalIndexEvaluatorTests {
    /// 24 complete hours, oldest first, the newest `valid` of them with `pm25` (the older ones missing).
    func local(pm25: Double, valid: Int = 24, newest: Double? = nil, instant: Double? = 4) -> LocalAirQuality {
        let hours = (0..<24).map { offset -> LocalHour in
            let present = offset >= 24 - valid
            let value = offset == 23 ? (newest ?? (present ? pm25 : nil)) : (present ? pm25 : nil)
            return LocalHour(hour: Int64(1000 + offset), pm25: value, pm10: nil)
        }
        return LocalAirQuality(
            instant: OverallIndex.particulate24h(pm25: instant, pm10: nil), nowCast: nil, dailyMean: nil,
            instantPM25: instant, instantPM10: nil, hourly: hours, correction: nil)
    }

    @Test("24-hour running mean indices use the mean of the valid hours from 18 of 24")
    func running() throws {
        let value = try #require(LocalIndexEvaluator.value(of: .euEAQI, from: local(pm25: 20, valid: 18)))
        #expect(value.value == 3)
        #expect(value.averaging == .twentyFourHourRunning)
        #expect(value.pollutant == .pm2_5)
        let daqi = try #require(LocalIndexEvaluator.value(of: .ukDAQI, from: local(pm25: 36)))
        #expect(daqi.value == 4)
        #expect(daqi.averaging == .twentyFourHourRunning)
    }

    @Test("17 valid hours: the instant mean stands in, labelled instant")
    func tooFewHours() throws {
        let value = try #require(LocalIndexEvaluator.value(of: .cnAQI, from: local(pm25: 100, valid: 17, instant: 40)))
        #expect(value.averaging == .instant)
        #expect(value.value == 57)  // 40 µg/m³: 50 + 50·5/40 = 56.25, rounded up
    }

    @Test("AQHI+ takes the newest complete hour")
    func hourly() throws {
        let value = try #require(LocalIndexEvaluator.value(of: .caAQHIPlus, from: local(pm25: 5, newest: 35)))
        #expect(value.value == 4)
        #expect(value.averaging == .oneHour)
        let missing = LocalAirQuality(
            instant: nil, nowCast: nil, dailyMean: nil, instantPM25: 61, instantPM10: nil,
            hourly: [LocalHour(hour: 1, pm25: 35, pm10: nil), LocalHour(hour: 2, pm25: nil, pm10: nil)],
            correction: nil)
        let stand = try #require(LocalIndexEvaluator.value(of: .caAQHIPlus, from: missing))
        #expect(stand.averaging == .instant)
        #expect(stand.value == 7)
    }

    @Test("the US AQI is exactly the reported one (NowCast, else instant)")
    func us() throws {
        let data = local(pm25: 20)
        let value = try #require(LocalIndexEvaluator.value(of: .usEPA, from: data))
        #expect(value.value == data.reported?.index.value)
        #expect(value.averaging == .instant)
    }

    @Test("no data: no value")
    func nothing() {
        let empty = LocalAirQuality(
            instant: nil, nowCast: nil, dailyMean: nil, instantPM25: nil, instantPM10: nil, hourly: [], correction: nil)
        for index in AirQualityIndexID.allCases {
            #expect(LocalIndexEvaluator.value(of: index, from: empty) == nil)
        }
    }
}
