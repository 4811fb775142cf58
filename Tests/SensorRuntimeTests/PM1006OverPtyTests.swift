import Clocks
import Diagnostics
import Foundation
import LinuxIO
import SensorEmulation
import Sensors
import Testing

@testable import SensorRuntime

/// The PM1006 driver through the real serial transport, against the emulator on a real pseudo-terminal: it
/// listens only, takes each frame's PM2.5, and rides through line noise, bad checksums and torn frames.
@Suite("PM1006 over a pseudo-terminal", .serialized)
struct PM1006OverPtyTests {
    @Test func listensAndNeverWrites() async throws {
        let rig = try PtyRig(model: .pm1006)
        rig.start()
        let done = await rig.wait(upTo: .seconds(40)) { $0.samples.count >= 3 }
        await rig.stop()
        #expect(done, "samples: \(rig.samples.count); log: \(rig.logs.lines.suffix(5))")
        #expect(rig.samples.allSatisfy { $0.pm25 == 17 && $0.model == .pm1006 })
        // No CF=1 channel: nothing for the EPA correction.
        #expect(rig.samples.allSatisfy { $0.pm25CF1 == nil })
        #expect(rig.emulator.withDevice { ($0 as? PM1006Device)?.bytesReceived } == 0)
        #expect(rig.driver.statistics.decoder.checksumErrors == 0)
    }

    @Test func ridesThroughNoiseAndBadFrames() async throws {
        let faults = EmulatorFaults(garbage: 0.3, badChecksum: 0.3, truncate: 0.2, seed: 7)
        let rig = try PtyRig(model: .pm1006, faults: faults)
        rig.start()
        let done = await rig.wait(upTo: .seconds(60)) {
            $0.samples.count >= 4 && $0.driver.statistics.decoder.checksumErrors >= 1
        }
        await rig.stop()
        #expect(done, "samples: \(rig.samples.count), decoder: \(rig.driver.statistics.decoder)")
        // Only checksum-valid frames become samples.
        #expect(rig.samples.allSatisfy { $0.pm25 == 17 })
        #expect(rig.driver.statistics.decoder.bytesSkipped > 0)
    }

    @Test func probeRecognisesAVindriktningLine() async throws {
        let device = PM1006Device(
            scenario: .steady(pm25: 9),
            timing: EmulatorTiming(frameInterval: .milliseconds(300), responseDelay: .zero), start: Date())
        let result = try await ProbeTests.probe(device)
        #expect(result?.model == .pm1006, "\(String(describing: result))")
        #expect(result?.model.hasCF1Channel == false)
    }
}
