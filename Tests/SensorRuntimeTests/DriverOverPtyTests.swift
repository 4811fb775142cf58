import Diagnostics
import Foundation
import SensorEmulation
import Sensors
import Synchronization
import Testing

@testable import SensorRuntime

/// The drivers through the real serial transport, against emulators on real pseudo-terminals.
// Serialized: each test drives real threads against real ptys with sub-second timings, and running them side by
// side on a 2-core CI machine (next to the rest of the suite) starves them.
@Suite("Drivers over pseudo-terminals", .serialized)
struct DriverOverPtyTests {
    @Test(arguments: [SensorModel.pms5003, .pms5003t, .pms3003, .sds011, .hpma115s0, .hpma115c0])
    func pollsInPassiveMode(model: SensorModel) async throws {
        let rig = try PtyRig(model: model)
        rig.start()
        let done = await rig.wait(upTo: .seconds(40)) { $0.samples.count >= 3 }
        await rig.stop()
        #expect(done, "samples: \(rig.samples.count); log: \(rig.logs.lines.suffix(5))")
        #expect(rig.samples.allSatisfy { abs($0.pm25 - 17) <= 1 })
        #expect(rig.driver.statistics.discardedWarmingUp >= 1)
        #expect(rig.driver.statistics.decoder.checksumErrors == 0)
        let polled = rig.emulator.withDevice { device -> Bool in
            switch device {
            case let plantower as PlantowerDevice:
                return plantower.commandsReceived.contains(.readPassive) || model == .pms3003
            case let nova as SDS011Device:
                return nova.reportingMode == .query && nova.commandsReceived.contains(.queryData)
            case let honeywell as HoneywellDevice:
                return !honeywell.autoSend && honeywell.commandsReceived.contains(.readMeasurement)
            default:
                return false
            }
        }
        #expect(polled)
    }

    @Test func sleepsAndWakesWithWarmUpDiscard() async throws {
        var settings = PtyRig.fastSettings(.pms5003)
        settings.interval = .milliseconds(900)
        settings.warmUp = .milliseconds(300)
        settings.dutyCycle = .on
        let rig = try PtyRig(model: .pms5003, settings: settings)
        rig.start()
        let done = await rig.wait(upTo: .seconds(40)) { $0.driver.statistics.wakes >= 2 && $0.samples.count >= 3 }
        await rig.stop()
        #expect(done, "statistics: \(rig.driver.statistics)")
        let statistics = rig.driver.statistics
        #expect(statistics.sleeps >= 2)
        // One reading right after each wake (the sensor answers, but is still warming up) is discarded.
        #expect(statistics.discardedWarmingUp >= 1 + statistics.wakes - 1)
        let commands = rig.emulator.withDevice { ($0 as? PlantowerDevice)?.commandsReceived ?? [] }
        #expect(commands.contains(.sleep) && commands.contains(.wake))
        #expect(rig.samples.allSatisfy { $0.pm25 > 0 }, "no warm-up frame was published")
    }

    @Test func recoversFromUnplugWithinFiveSeconds() async throws {
        let replugged = ReplugClock()
        let rig = try PtyRig(model: .pms5003) { path in if path != nil { replugged.mark() } }
        rig.start()
        #expect(await rig.wait(upTo: .seconds(20)) { $0.samples.count >= 2 })
        rig.emulator.unplug(for: .seconds(1))
        #expect(await rig.wait(upTo: .seconds(5)) { $0.driver.health.state == .absent })
        #expect(
            rig.driver.health.reason?.contains("disconnected") == true
                || rig.driver.health.reason?.contains("not connected") == true)
        let before = rig.samples.count
        #expect(await rig.wait(upTo: .seconds(20)) { _ in replugged.time != nil })
        let recovered = await rig.wait(upTo: .seconds(5)) { $0.samples.count > before }
        let elapsed = replugged.time.map { ContinuousClock.now - $0 }
        await rig.stop()
        #expect(recovered, "no sample within 5 s of the replug")
        #expect(rig.driver.statistics.reconnects == 1)
        #expect(rig.emulator.unplugCount == 1)
        #expect(rig.healthStates.contains(.absent) && rig.driver.health.state == .ok)
        _ = elapsed
    }

    @Test func aStalledSensorWalksTheLadderToFault() async throws {
        let rig = try PtyRig(model: .pms5003)
        rig.start()
        #expect(await rig.wait(upTo: .seconds(20)) { $0.samples.count >= 1 })
        rig.emulator.withDevice { $0.faults.stalled = true }
        let faulted = await rig.wait(upTo: .seconds(20)) { $0.driver.health.state == .fault }
        await rig.stop()
        #expect(faulted)
        let statistics = rig.driver.statistics
        #expect(statistics.count(.resync) >= 1 && statistics.count(.resendMode) >= 1)
        #expect(statistics.count(.reopen) >= 1 && statistics.count(.fault) >= 1)
        #expect(statistics.count(.resetPulse) == 0)
        let health = rig.driver.health
        #expect(health.reason?.contains("no data frame within 1 s") == true, "\(health.reason ?? "")")
        #expect(rig.healthStates.last == .fault)
        for step in ["resynchronising", "re-sending the mode command", "reopening the device", "giving up"] {
            #expect(rig.logs.lines.contains { $0.contains(step) }, "logged: \(step)")
        }
    }

    @Test("from fault, good frames again end the fault at once, not after fault_retry_s (30 s here)")
    func faultEndsWhenTheLineIsHealthyAgain() async throws {
        let rig = try PtyRig(model: .pms5003)
        rig.start()
        #expect(await rig.wait(upTo: .seconds(20)) { $0.samples.count >= 1 })
        rig.emulator.withDevice { $0.faults.stalled = true }
        let faulted = await rig.wait(upTo: .seconds(20)) { $0.driver.health.state == .fault }
        #expect(faulted)
        let before = rig.samples.count
        let walks = rig.driver.statistics.count(.fault)
        rig.emulator.withDevice { $0.faults.stalled = false }
        // Frames come every 200 ms; three in a row are needed. 15 s is generous on a loaded machine and half of
        // the 30 s retry interval, which the old code waited for.
        let recovered = await rig.wait(upTo: .seconds(15)) { $0.driver.health.state == .ok && $0.samples.count > before }
        await rig.stop()
        #expect(recovered, "health: \(rig.driver.health), \(rig.logs.lines.suffix(8).joined(separator: "\n"))")
        #expect(rig.driver.statistics.count(.fault) == walks, "no second walk of the ladder was needed")
        #expect(rig.logs.lines.contains { $0.contains("good readings in a row, the fault is over") })
    }

    @Test func aStalledSensorIsRevivedByTheResetPin() async throws {
        let rig = try PtyRig(model: .pms5003, wireReset: true)
        rig.start()
        #expect(await rig.wait(upTo: .seconds(20)) { $0.samples.count >= 1 })
        rig.emulator.withDevice { $0.faults.stalled = true }
        let before = rig.samples.count
        let revived = await rig.wait(upTo: .seconds(20)) { $0.samples.count > before }
        await rig.stop()
        #expect(revived)
        #expect(rig.driver.statistics.count(.resetPulse) == 1)
        #expect(rig.driver.statistics.count(.fault) == 0)
    }

    @Test func garbageOnTheLineIsSurvived() async throws {
        let rig = try PtyRig(model: .sds011, faults: EmulatorFaults(garbage: 0.4, badChecksum: 0.2, seed: 3))
        rig.start()
        let done = await rig.wait(upTo: .seconds(40)) { $0.samples.count >= 5 }
        await rig.stop()
        #expect(
            done,
            "\(rig.samples.count) samples, \(rig.driver.health), \(rig.logs.lines.suffix(12).joined(separator: "\n"))")
        #expect(rig.driver.statistics.decoder.resyncs > 0)
    }
}

/// When the emulator plugged back in.
final class ReplugClock: Sendable {
    private let storage = Mutex<ContinuousClock.Instant?>(nil)
    func mark() { storage.withLock { $0 = ContinuousClock.now } }
    var time: ContinuousClock.Instant? { storage.withLock { $0 } }
}
