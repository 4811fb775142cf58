import Foundation
import Testing

@testable import SensorEmulation

@Suite("Scenarios and faults")
struct ScenarioTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 00:00 UTC

    @Test func steadyIsSteady() {
        #expect(
            ConcentrationScenario.steady(pm25: 7).pm25(at: Self.start.addingTimeInterval(1e6), start: Self.start) == 7)
    }

    @Test func diurnalPeaksInTheEvening() {
        let scenario = ConcentrationScenario.diurnal(mean: 10)
        let value = { (hour: Double) in scenario.pm25(at: Self.start.addingTimeInterval(hour * 3600), start: Self.start)
        }
        #expect(value(20) > value(8) && value(8) > value(3))
        #expect(abs(value(3) - 7) < 0.1)
    }

    @Test func smokeRisesThenDecays() {
        let scenario = ConcentrationScenario.smoke(baseline: 10, peak: 250)
        let value = { (seconds: Double) in scenario.pm25(at: Self.start.addingTimeInterval(seconds), start: Self.start)
        }
        #expect(value(10) == 10)
        #expect(value(90) == 130)
        #expect(value(150) == 250)
        #expect(value(750) < 250 && value(750) > 10)
        #expect(value(20_000) < 11)
    }

    @Test func recordedSeriesInterpolateAndRepeat() throws {
        let series = try RecordedSeries(text: "# recorded\nseconds,pm25,pm10\n0,10,20\n10,20,40\n20,30\n")
        #expect(series.value(at: 5).pm25 == 15 && series.value(at: 5).pm10 == 30)
        #expect(series.value(at: 20).pm25 == 30)
        // Period = 20 s + the last step (10 s): 35 s is 5 s into the next round.
        #expect(series.value(at: 35).pm25 == 15)
        let scenario = ConcentrationScenario.recorded(series)
        #expect(scenario.air(at: Self.start.addingTimeInterval(5), start: Self.start).pm10 == 30)
    }

    @Test func badSeriesNameTheLine() {
        #expect(throws: ScenarioError.self) { try RecordedSeries(text: "") }
        #expect {
            try RecordedSeries(text: "0,10\n5,x\n")
        } throws: { error in
            (error as? ScenarioError)?.description.hasPrefix("line 2") == true
        }
        #expect {
            try RecordedSeries(text: "0,10\n0,12\n")
        } throws: { error in
            (error as? ScenarioError)?.description.contains("does not increase") == true
        }
    }

    @Test func faultListsParse() throws {
        let faults = try EmulatorFaults(parsing: "garbage=0.1,bad-checksum=0.05,truncate=0.2,stall")
        #expect(faults == EmulatorFaults(garbage: 0.1, badChecksum: 0.05, truncate: 0.2, stalled: true))
        #expect(throws: ScenarioError.self) { try EmulatorFaults(parsing: "garbage=2") }
        #expect(throws: ScenarioError.self) { try EmulatorFaults(parsing: "noise=0.1") }
    }

    @Test func derivedAirIsConsistent() {
        let air = EmulatedAir(pm25: 100, time: Self.start)
        #expect(air.pm1 < air.pm25 && air.pm25 < air.pm4 && air.pm4 < air.pm10)
        #expect(air.pm25CF1 == 135)
        #expect(air.counts == air.counts.sorted(by: >))
        #expect(air.counts[0] > 0)
    }
}
