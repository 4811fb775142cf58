import Clocks
import Foundation
import SensorEmulation
import Testing
import ClocksTestSupport

@testable import Sensors

/// The driver's condition and counters travel as events (``SensorEvent/report(_:)``), and whoever holds the
/// latest report computes the same health as the driver.
@Suite("Sensor reports: health and counters as events")
struct SensorReportTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test("a condition turns ok into stale after staleAfter without a good sample, naming the last failure")
    func staleness() {
        let sample = Self.start.addingTimeInterval(100)
        var condition = SensorCondition(
            base: SensorHealth(state: .ok, reason: nil, since: Self.start, lastGoodSample: sample),
            staleAfter: .seconds(30))
        #expect(condition.health(at: sample.addingTimeInterval(30)).state == .ok)
        condition.lastFailure = "no frame within 4 s"
        let stale = condition.health(at: sample.addingTimeInterval(42))
        #expect(stale.state == .stale)
        #expect(stale.reason == "no good sample for 42 s: no frame within 4 s")
        #expect(stale.since == sample.addingTimeInterval(30))
    }

    @Test("a warm-up goes stale only once it is over; a fault or an absent sensor never turns stale")
    func warmUpAndFaults() {
        let warmUntil = Self.start.addingTimeInterval(60)
        let warming = SensorCondition(
            base: SensorHealth(state: .warmingUp, reason: "warming up", since: Self.start, lastGoodSample: nil),
            warmUntil: warmUntil, staleAfter: .seconds(30))
        #expect(warming.health(at: Self.start.addingTimeInterval(45)).state == .warmingUp)
        let after = warming.health(at: Self.start.addingTimeInterval(61))
        #expect(after.state == .stale)
        #expect(after.reason == "no good sample yet after 61 s")
        for state in [SensorHealth.State.fault, .absent] {
            let condition = SensorCondition(
                base: SensorHealth(state: state, reason: "test", since: Self.start, lastGoodSample: nil),
                staleAfter: .seconds(1))
            #expect(condition.health(at: Self.start.addingTimeInterval(3600)).state == state)
        }
    }

    @Test("every sample comes after a report that counts it, reports are sent only when they change, and the last one is the driver's own")
    func reportsTravelWithTheSamples() async throws {
        let clock = ManualClock(start: Self.start)
        let device = SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 12), start: clock.now)
        let stream = EmulatedByteStream(device: try #require(device), clock: clock)
        var settings = DriverSettings(model: .pms5003, interval: .seconds(10))
        settings.warmUp = .seconds(5)
        let run = try VirtualTimeDriver(model: .pms5003, link: .serial(stream), settings: settings, clock: clock)
        #expect(await run.run(for: .seconds(120)) { $0.samples.count >= 3 })
        await run.stop()

        var latest: SensorReport?
        var previous: SensorReport?
        for event in run.events {
            switch event {
            case .report(let report):
                #expect(report != previous, "an unchanged report was sent again")
                previous = report
                latest = report
            case .sample(let sample):
                let report = try #require(latest, "a sample before any report")
                #expect(report.condition.base.lastGoodSample == sample.time)
                #expect(report.health(at: sample.time).state == .ok)
            case .health(let health):
                let report = try #require(latest, "a health change before any report")
                #expect(report.condition.base == health)
            case .discarded: break
            }
        }
        let last = try #require(run.reports.last)
        #expect(last.statistics.samples == run.samples.count)
        #expect(last == run.driver.report)
        #expect(last.statistics.decoder.frames > 0)
    }
}
