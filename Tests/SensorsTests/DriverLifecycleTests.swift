import Clocks
import Diagnostics
import Foundation
import JSON
import SensorEmulation
import Testing
import ClocksTestSupport

@testable import Sensors

/// The driver lifecycle in virtual time, against in-process emulators.
@Suite("Driver lifecycle (virtual time)")
struct DriverLifecycleTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func serial(
        _ model: SensorModel, pm25: Double = 12, faults: EmulatorFaults = EmulatorFaults(), clock: ManualClock
    )
        -> EmulatedByteStream
    {
        let device = SensorEmulators.serialDevice(
            model, scenario: .steady(pm25: pm25), faults: faults, start: clock.now)
        return EmulatedByteStream(
            device: device ?? PlantowerDevice(model: .pms5003, scenario: .steady(pm25: pm25), start: clock.now),
            clock: clock)
    }

    @Test(arguments: [SensorModel.pms5003, .pms5003t, .pms5003st, .pms7003, .sds011, .hpma115s0, .hpma115c0])
    func passiveModeDeliversSamplesAfterTheWarmUp(model: SensorModel) async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(model, pm25: 23, clock: clock)
        let settings = DriverSettings(model: model, interval: .seconds(10))
        let run = try VirtualTimeDriver(model: model, link: .serial(stream), settings: settings, clock: clock)
        let done = await run.run(for: .seconds(120)) { $0.samples.count >= 3 }
        #expect(done)
        let first = try #require(run.samples.first)
        #expect(first.time >= Self.start.adding(settings.warmUp))
        #expect(abs(first.pm25 - 23) <= 1)
        #expect(run.driver.health.state == .ok)
        #expect(run.driver.statistics.discardedWarmingUp >= 1)
        #expect(run.discarded.allSatisfy { if case .warmingUp = $0 { true } else { false } })
        let gaps = zip(run.samples.dropFirst(), run.samples).map { $0.time.timeIntervalSince($1.time) }
        #expect(gaps.allSatisfy { abs($0 - 10) < 0.5 }, "samples every 10 s: \(gaps)")
        #expect(run.driver.statistics.decoder.checksumErrors == 0)
        await run.stop()
    }

    @Test func plantowerIsPutInPassiveModeAndPolled() async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(.pms5003, clock: clock)
        let run = try VirtualTimeDriver(
            model: .pms5003, link: .serial(stream), settings: DriverSettings(model: .pms5003), clock: clock)
        await run.run(for: .seconds(60)) { $0.samples.count >= 2 }
        let commands = stream.withDevice { ($0 as? PlantowerDevice)?.commandsReceived ?? [] }
        #expect(commands.first == .setMode(.passive))
        #expect(commands.filter { $0 == .readPassive }.count >= 4)
        await run.stop()
    }

    @Test func sds011SettingsAreWrittenOnlyWhenDifferent() async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(.sds011, clock: clock)
        let settings = DriverSettings(model: .sds011)
        let first = try VirtualTimeDriver(model: .sds011, link: .serial(stream), settings: settings, clock: clock)
        await first.run(for: .seconds(60)) { $0.samples.count >= 1 }
        let writes = stream.withDevice { ($0 as? SDS011Device)?.commandsReceived ?? [] }
        #expect(writes.contains(.setReportingMode(.query)))
        // Power-cycle: the reporting mode persists, so a second start only queries it.
        stream.setPresent(false)
        stream.setPresent(true)
        let second = try VirtualTimeDriver(model: .sds011, link: .serial(stream), settings: settings, clock: clock)
        await second.run(for: .seconds(60)) { $0.samples.count >= 1 }
        let all = stream.withDevice { ($0 as? SDS011Device)?.commandsReceived ?? [] }
        #expect(all.filter { $0 == .setReportingMode(.query) }.count == 1)
        await first.stop()
        await second.stop()
    }

    @Test(arguments: [SensorModel.sps30, .pmsa003i])
    func i2cSensorsDeliverSamples(model: SensorModel) async throws {
        let clock = ManualClock(start: Self.start)
        let device = try #require(SensorEmulators.i2cDevice(model, scenario: .steady(pm25: 31), start: clock.now))
        let link = EmulatedI2CDevice(model: device, address: model.defaultI2CAddress ?? 0, clock: clock)
        let run = try VirtualTimeDriver(
            model: model, link: .i2c(link), settings: DriverSettings(model: model), clock: clock)
        #expect(await run.run(for: .seconds(90)) { $0.samples.count >= 2 })
        #expect(abs((run.samples.first?.pm25 ?? 0) - 31) <= 1)
        #expect(run.driver.health.state == .ok)
        await run.stop()
    }

    @Test func dutyCyclingSleepsBetweenSamplesAndDiscardsTheWarmUp() async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(.pms5003, clock: clock)
        let settings = DriverSettings(model: .pms5003, interval: .seconds(120))
        #expect(settings.sleepsBetweenSamples(canSleep: true))
        let run = try VirtualTimeDriver(model: .pms5003, link: .serial(stream), settings: settings, clock: clock)
        #expect(await run.run(for: .seconds(600)) { $0.samples.count >= 3 })
        let statistics = run.driver.statistics
        #expect(statistics.sleeps >= 2 && statistics.wakes >= 2)
        #expect(statistics.discardedWarmingUp >= 3, "one reading right after each wake is discarded")
        let commands = stream.withDevice { ($0 as? PlantowerDevice)?.commandsReceived ?? [] }
        #expect(commands.contains(.sleep) && commands.contains(.wake))
        // Each sample comes a full warm-up after the wake before it.
        #expect(run.healthStates.allSatisfy { $0 == .ok || $0 == .warmingUp })
        await run.stop()
    }

    @Test func aStalledSensorWalksTheLadderToFault() async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(.pms5003, clock: clock)
        var settings = DriverSettings(model: .pms5003)
        settings.warmUp = .seconds(5)
        let run = try VirtualTimeDriver(model: .pms5003, link: .serial(stream), settings: settings, clock: clock)
        await run.run(for: .seconds(60)) { $0.samples.count >= 1 }
        stream.withDevice { $0.faults.stalled = true }
        let reachedFault = await run.run(for: .seconds(120)) { $0.driver.health.state == .fault }
        #expect(reachedFault)
        let statistics = run.driver.statistics
        for step in [RecoveryStep.resync, .resendMode, .reopen, .fault] {
            #expect(statistics.count(step) >= 1, "step \(step)")
        }
        #expect(statistics.count(.resetPulse) == 0, "no RESET pin wired")
        let health = run.driver.health
        #expect(health.reason?.contains("no data frame") == true)
        #expect(health.reason?.contains("recovery failed") == true)
        // Each step is logged once, in order.
        let steps = run.logs.lines.filter { $0.contains("recovery step") }
        #expect(steps.count == 4, "\(steps)")
        for (index, action) in ["resynchronising", "re-sending", "reopening", "giving up"].enumerated() {
            #expect(steps.indices.contains(index) && steps[index].contains("step \(index + 1)/4: \(action)"))
        }
        await run.stop()
    }

    @Test func aResetPulseRevivesAHungSensor() async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(.pms5003, clock: clock)
        var settings = DriverSettings(model: .pms5003)
        settings.warmUp = .seconds(5)
        let run = try VirtualTimeDriver(
            model: .pms5003, link: .serial(stream), settings: settings, pins: SensorPins(reset: stream.resetPin),
            clock: clock)
        await run.run(for: .seconds(60)) { $0.samples.count >= 1 }
        stream.withDevice { $0.faults.stalled = true }
        let before = run.samples.count
        #expect(await run.run(for: .seconds(120)) { $0.samples.count > before })
        #expect(run.driver.statistics.count(.resetPulse) == 1)
        #expect(run.driver.statistics.count(.fault) == 0)
        #expect(run.driver.health.state == .ok)
        await run.stop()
    }

    @Test func anUnpluggedSensorIsAbsentThenRecovered() async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(.sds011, clock: clock)
        var settings = DriverSettings(model: .sds011)
        settings.warmUp = .seconds(2)
        let run = try VirtualTimeDriver(model: .sds011, link: .serial(stream), settings: settings, clock: clock)
        await run.run(for: .seconds(60)) { $0.samples.count >= 1 }
        stream.setPresent(false)
        #expect(await run.run(for: .seconds(30)) { $0.driver.health.state == .absent })
        #expect(run.driver.health.reason?.contains("disconnected") == true)
        stream.setPresent(true)
        let count = run.samples.count
        #expect(await run.run(for: .seconds(30)) { $0.samples.count > count })
        #expect(run.driver.statistics.reconnects == 1)
        await run.stop()
    }

    @Test func garbageAndBadChecksumsAreSurvived() async throws {
        let clock = ManualClock(start: Self.start)
        let faults = EmulatorFaults(garbage: 0.3, badChecksum: 0.2, truncate: 0.1, seed: 5)
        let stream = Self.serial(.pms5003, faults: faults, clock: clock)
        var settings = DriverSettings(model: .pms5003, interval: .seconds(5))
        settings.warmUp = .seconds(5)
        let run = try VirtualTimeDriver(model: .pms5003, link: .serial(stream), settings: settings, clock: clock)
        #expect(await run.run(for: .seconds(600)) { $0.samples.count >= 40 })
        let decoder = run.driver.statistics.decoder
        #expect(decoder.checksumErrors > 0 && decoder.resyncs > 0 && decoder.bytesSkipped > 0)
        #expect(run.samples.allSatisfy { abs($0.pm25 - 12) <= 1 })
        await run.stop()
    }

    @Test func anAbsentDeviceIsReportedAndWaitedFor() async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(.pms5003, clock: clock)
        stream.setPresent(false)
        let run = try VirtualTimeDriver(
            model: .pms5003, link: .serial(stream), settings: DriverSettings(model: .pms5003), clock: clock)
        #expect(await run.run(for: .seconds(10)) { $0.driver.statistics.openFailures >= 3 })
        #expect(run.driver.health.state == .absent)
        #expect(run.driver.health.reason?.contains("not connected") == true)
        await run.stop()
    }

    @Test func healthGoesStaleWhenSamplesStop() async throws {
        let clock = ManualClock(start: Self.start)
        let stream = Self.serial(.pms5003, clock: clock)
        var settings = DriverSettings(model: .pms5003)
        settings.warmUp = .seconds(5)
        settings.staleAfter = .seconds(2)
        let run = try VirtualTimeDriver(model: .pms5003, link: .serial(stream), settings: settings, clock: clock)
        #expect(await run.run(for: .seconds(30)) { $0.samples.count >= 1 })
        stream.withDevice { $0.faults.stalled = true }
        #expect(await run.run(for: .seconds(30)) { $0.healthStates.contains(.stale) })
        let health = run.driver.health
        #expect(health.lastGoodSampleAge(at: clock.now) ?? 0 > 2)
        await run.stop()
    }
}
