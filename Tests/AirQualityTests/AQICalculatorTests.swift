import Testing

@testable import AirQuality

@Suite("AQI calculator")
struct AQICalculatorTests {
    @Test("twelve Float readings of 9.1 average to 51, not 50")
    func floatMeanKeepsItsDecimal() throws {
        let readings = [Float](repeating: 9.1, count: 12)
        let mean = readings.reduce(0, +) / Float(readings.count)
        let index = try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: mean)
        #expect(index.concentration == 9.1)
        #expect(index.value == 51)
    }

    @Test("truncation, not rounding", arguments: [(9.09, 9.0, 50), (35.49, 35.4, 100), (55.45, 55.4, 150), (8.99, 8.9, 49)])
    func truncates(_ input: Double, _ truncated: Double, _ expected: Int) throws {
        let index = try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: input)
        #expect(index.concentration == truncated)
        #expect(index.value == expected)
    }

    @Test("exact halves round up in integer arithmetic")
    func halvesRoundUp() throws {
        #expect(try AQICalculator.subIndex(.co, averaging: .eightHours, concentration: 1.1).value == 13)
        #expect(try AQICalculator.subIndex(.o3, averaging: .eightHours, concentration: 0.072).value == 105)
    }

    @Test("bad input names what was wrong")
    func badInput() {
        #expect(throws: AQIInputError.self) {
            try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: -1.0)
        }
        #expect(throws: AQIInputError.self) {
            try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: Double.nan)
        }
        #expect(throws: AQIInputError.self) {
            try AQICalculator.subIndex(.pm10, averaging: .eightHours, concentration: 10.0)
        }
        #expect(throws: AQIInputError.self) {
            try AQICalculator.subIndex(.co, averaging: .nowCast, concentration: 10.0)
        }
        do {
            _ = try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: -2.5)
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .negative)
            #expect(error.description.contains("pm2_5"))
            #expect(error.description.contains("-2.5"))
        }
    }

    @Test("undefined averaging periods give a reason, never a number")
    func undefinedPeriods() throws {
        let ozoneHigh = try AQICalculator.subIndex(.o3, averaging: .eightHours, concentration: 0.25)
        #expect(ozoneHigh.value == nil)
        #expect(ozoneHigh.unavailableReason?.contains("0.200 ppm") == true)
        let ozoneLow = try AQICalculator.subIndex(.o3, averaging: .oneHour, concentration: 0.1)
        #expect(ozoneLow.value == nil)
        #expect(ozoneLow.unavailableReason?.contains("0.125 ppm") == true)
        let so2 = try AQICalculator.subIndex(.so2, averaging: .oneHour, concentration: 400)
        #expect(so2.value == nil)
        #expect(so2.unavailableReason?.contains("304 ppb") == true)
        let so2Daily = try AQICalculator.subIndex(.so2, averaging: .twentyFourHours, concentration: 100)
        #expect(so2Daily.value == nil)
    }

    @Test("ozone takes the larger of the 8-hour and 1-hour index where both exist")
    func ozoneCombination() throws {
        #expect(try AQICalculator.ozone(eightHour: 0.080, oneHour: 0.100)?.value == 133)
        #expect(try AQICalculator.ozone(eightHour: 0.080, oneHour: 0.170)?.value == 157)
        #expect(try AQICalculator.ozone(eightHour: 0.250, oneHour: 0.300)?.averaging == .oneHour)
        #expect(try AQICalculator.ozone(eightHour: nil, oneHour: nil) == nil)
    }

    @Test("SO2 uses the 24-hour mean above 304 ppb, and 200 when that mean is below 305")
    func sulphurDioxideCombination() throws {
        #expect(try AQICalculator.sulphurDioxide(oneHour: 100, twentyFourHour: 400).value == 112)
        #expect(try AQICalculator.sulphurDioxide(oneHour: 400, twentyFourHour: 604).value == 300)
        #expect(try AQICalculator.sulphurDioxide(oneHour: 400, twentyFourHour: 200).value == 200)
        #expect(try AQICalculator.sulphurDioxide(oneHour: 400, twentyFourHour: nil).value == 200)
    }

    @Test("the overall index is the maximum, with its pollutant")
    func overall() throws {
        let pm = try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: 20)
        let ozone = try AQICalculator.subIndex(.o3, averaging: .eightHours, concentration: 0.080)
        let undefined = try AQICalculator.subIndex(.o3, averaging: .oneHour, concentration: 0.05)
        let overall = try #require(OverallIndex([pm, undefined, ozone]))
        #expect(overall.value == 133)
        #expect(overall.responsible.pollutant == .o3)
        #expect(overall.level == .unhealthySensitive)
        #expect(OverallIndex([undefined]) == nil)
    }
}
