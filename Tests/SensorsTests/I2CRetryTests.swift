import Clocks
import Foundation
import SensorEmulation
import Testing
import ClocksTestSupport

@testable import Sensors

/// The I²C retry path of the SPS30 and PMSA003I sessions, driven through the emulators' injected NACKs and
/// bad CRCs: a retried transfer is counted by kind and the sample still arrives; a transfer that fails every
/// attempt is not a retry and goes to the driver (a reopen, a recovery step).
@Suite("I²C NACK and CRC retries")
struct I2CRetryTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    struct Rig {
        let link: EmulatedI2CDevice
        let run: VirtualTimeDriver

        init(_ model: SensorModel) throws {
            let clock = ManualClock(start: I2CRetryTests.start)
            let device = try #require(SensorEmulators.i2cDevice(model, scenario: .steady(pm25: 31), start: clock.now))
            link = EmulatedI2CDevice(model: device, address: model.defaultI2CAddress ?? 0, clock: clock)
            run = try VirtualTimeDriver(
                model: model, link: .i2c(link), settings: DriverSettings(model: model), clock: clock)
        }

        /// Runs until the first samples, injects `faults`, and runs until they all hit and `more` samples followed.
        func inject(_ faults: [I2CTransferFault], thenSamples more: Int = 2) async -> Bool {
            guard await run.run(for: .seconds(120), until: { $0.samples.count >= 1 }) else { return false }
            let before = run.samples.count
            link.inject(faults)
            let link = self.link
            return await run.run(for: .seconds(300)) { !link.hasPendingFaults && $0.samples.count >= before + more }
        }
    }

    @Test("SPS30: a NACK and a bad CRC are each retried once and counted; no recovery step, no transport error")
    func sps30Retried() async throws {
        let rig = try Rig(.sps30)
        #expect(await rig.run.run(for: .seconds(120)) { $0.samples.count >= 1 })
        let before = rig.run.driver.statistics
        rig.link.inject([.nack, .badCRC])
        let link = rig.link
        let count = rig.run.samples.count
        #expect(await rig.run.run(for: .seconds(120)) { !link.hasPendingFaults && $0.samples.count >= count + 2 })
        let after = rig.run.driver.statistics
        #expect(rig.link.appliedFaults == [.nack, .badCRC])
        #expect(after.decoder.nackRetries - before.decoder.nackRetries == 1)
        #expect(after.decoder.crcRetries - before.decoder.crcRetries == 1)
        #expect(after.decoder.checksumErrors - before.decoder.checksumErrors == 1)
        #expect(after.transportErrors == before.transportErrors)
        #expect(after.recoverySteps == before.recoverySteps)
        #expect(rig.run.driver.health.state == .ok)
        await rig.run.stop()
    }

    @Test("SPS30: three NACKs in a row exhaust the 3 attempts: the transfer fails, the device is reopened and sampled again")
    func sps30Exhausted() async throws {
        let rig = try Rig(.sps30)
        #expect(await rig.run.run(for: .seconds(120)) { $0.samples.count >= 1 })
        let before = rig.run.driver.statistics
        rig.link.inject([.nack, .nack, .nack])
        let link = rig.link
        let count = rig.run.samples.count
        #expect(await rig.run.run(for: .seconds(300)) { !link.hasPendingFaults && $0.samples.count >= count + 1 })
        let after = rig.run.driver.statistics
        #expect(rig.link.appliedFaults == [.nack, .nack, .nack])
        // Two of the three injected NACKs were retries; after the reopen the still-measuring sensor NACKs the
        // start command too (retried, then stop and start), so at least two more.
        #expect(after.decoder.nackRetries - before.decoder.nackRetries >= 2)
        #expect(after.transportErrors - before.transportErrors >= 1)
        #expect(after.reconnects - before.reconnects == 1)
        #expect(rig.run.healthStates.contains(.absent))
        await rig.run.stop()
    }

    @Test("PMSA003I: two NACKs retried, a bad checksum read again once; two bad checksums in a row: one retry, then the ladder's resync")
    func pmsa003i() async throws {
        let rig = try Rig(.pmsa003i)
        #expect(await rig.inject([]))
        let start = rig.run.driver.statistics
        #expect(await rig.inject([.nack, .nack]))
        let nacked = rig.run.driver.statistics
        #expect(nacked.decoder.nackRetries - start.decoder.nackRetries == 2)
        #expect(nacked.transportErrors == start.transportErrors)

        #expect(await rig.inject([.badCRC]))
        let once = rig.run.driver.statistics
        #expect(once.decoder.crcRetries - nacked.decoder.crcRetries == 1)
        #expect(once.decoder.checksumErrors - nacked.decoder.checksumErrors == 1)
        #expect(once.count(.resync) == nacked.count(.resync))

        #expect(await rig.inject([.badCRC, .badCRC]))
        let twice = rig.run.driver.statistics
        #expect(twice.decoder.crcRetries - once.decoder.crcRetries == 1, "the second bad read is not retried")
        #expect(twice.decoder.checksumErrors - once.decoder.checksumErrors == 2)
        #expect(twice.count(.resync) - once.count(.resync) == 1)
        #expect(rig.link.appliedFaults == [.nack, .nack, .badCRC, .badCRC, .badCRC])
        #expect(rig.run.driver.health.state == .ok)
        await rig.run.stop()
    }
}
