import Clocks
import Foundation
import LinuxIO
import SensorEmulation
import Sensors
import Testing

@testable import SensorRuntime

/// Probing finds every emulated sensor through the real serial port, and both I²C sensors at the seam.
@Suite("Probe")
struct ProbeTests {
    static func probe(_ device: any SerialDeviceModel) async throws -> ProbeResult? {
        let emulator = PseudoTerminalEmulator(device: device)
        let path = try emulator.start()
        let stream = SerialByteStream(path: path, baudRate: 9600)
        do {
            try await stream.open()
            let result = try await SensorProbe.probeSerial(
                stream, clock: SystemClock(), listen: .milliseconds(700), replyTimeout: .seconds(3))
            await stream.close()
            await emulator.stop()
            return result
        } catch {
            await emulator.stop()
            throw error
        }
    }

    @Test(arguments: [
        (SensorModel.pms5003, SensorModel.pms5003), (.pms7003, .pms5003), (.pms5003st, .pms5003st),
        (.pms3003, .pms3003),
        (.sds011, .sds011), (.hpma115s0, .hpma115s0), (.hpma115c0, .hpma115c0),
    ])
    func findsEveryUARTSensor(model: SensorModel, expected: SensorModel) async throws {
        let timing = EmulatorTiming(
            frameInterval: .milliseconds(300), responseDelay: .milliseconds(20), zeroFrameWindow: .zero)
        let device = try #require(
            SensorEmulators.serialDevice(model, scenario: .steady(pm25: 8), timing: timing, start: Date()))
        let result = try await Self.probe(device)
        #expect(result?.model == expected, "\(String(describing: result))")
        if model == .sds011 { #expect(result?.details["firmware"] == "16-11-21") }
    }

    @Test func findsAPassivePlantower() async throws {
        var device = PlantowerDevice(
            model: .pms5003, scenario: .steady(pm25: 8),
            timing: EmulatorTiming(frameInterval: .milliseconds(300), responseDelay: .milliseconds(20)), start: Date())
        device.receive(PlantowerCommand.setMode(.passive).bytes, at: Date())
        _ = device.output(at: Date().addingTimeInterval(1))
        let result = try await Self.probe(device)
        #expect(result?.model == .pms5003)
        #expect(result?.details["mode"] == "passive")
    }

    @Test func aSilentPortIsNothing() async throws {
        let device = PlantowerDevice(
            model: .pms5003, scenario: .steady(pm25: 8), faults: EmulatorFaults(stalled: true), start: Date())
        #expect(try await Self.probe(device) == nil)
    }

    @Test func findsTheI2CSensors() async throws {
        let clock = SystemClock()
        let sps30 = EmulatedI2CDevice(
            model: SPS30Device(scenario: .steady(pm25: 1), start: clock.now), address: 0x69, clock: clock)
        let pmsa = EmulatedI2CDevice(
            model: PMSA003IDevice(scenario: .steady(pm25: 1), zeroFrameWindow: .zero, start: clock.now), address: 0x12,
            clock: clock)
        let absent = EmulatedI2CDevice(
            model: SPS30Device(scenario: .steady(pm25: 1), start: clock.now), address: 0x69, clock: clock)
        absent.setPresent(false)

        let found = await SensorProbe.probeI2C(device: { $0 == 0x69 ? sps30 : absent }, clock: clock)
        #expect(found?.model == .sps30)
        #expect(found?.details["firmware"] == "2.2")
        #expect(found?.details["serial"] == "EMU5B2A7C9D41E3F")
        #expect(await SensorProbe.probeI2C(device: { $0 == 0x12 ? pmsa : absent }, clock: clock)?.model == .pmsa003i)
        #expect(await SensorProbe.probeI2C(device: { _ in absent }, clock: clock) == nil)
    }
}
