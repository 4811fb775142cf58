import Foundation
import SensorEmulation
import Testing

@testable import Station

@Suite("The demo's air")
struct DemoScenarioTests {
    let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    @Test("smoky day: the day's curve, then smoke rising after a minute to well above it, clearing within hours")
    func smokyDay() {
        let scenario = DemoScenario.smokyDay.concentration(start: start, baseline: 10)
        let day = ConcentrationScenario.diurnal(mean: 10)
        func at(_ seconds: Double) -> Double { scenario.pm25(at: start.addingTimeInterval(seconds), start: start) }
        func dayAt(_ seconds: Double) -> Double { day.pm25(at: start.addingTimeInterval(seconds), start: start) }
        #expect(abs(at(0) - dayAt(0)) < 0.1)
        #expect(at(420) > dayAt(420) + 150)
        #expect(at(420) > at(240))
        #expect(at(4 * 3600) < dayAt(4 * 3600) + 1)
    }

    @Test("names", arguments: DemoScenario.names)
    func names(_ name: String) {
        #expect(DemoScenario(name: name) != nil)
    }
}
