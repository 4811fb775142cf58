import Foundation
import Clocks
import Testing

@testable import SensorEmulation
@testable import Sensors

/// The I²C emulators at the transport seam.
@Suite("I²C device emulators")
struct I2CEmulatorTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    static func isNACK(_ error: any Error) -> Bool {
        if case TransportError.noAcknowledge = error { return true }
        return false
    }

    @Test func sps30MeasuresOnceASecondAfterStart() throws {
        var device = SPS30Device(scenario: .steady(pm25: 20), start: Self.start)
        try device.write(SPS30Command.readMeasuredValues.bytes, at: Self.start)
        let idle = try SPS30Measurement.decode(try device.read(count: 60, at: Self.start), format: .float)
        #expect(idle.values.allSatisfy { $0 == 0 }, "all zero before a measurement is started")
        try device.write(SPS30Command.startMeasurement(.float).bytes, at: Self.start)
        try device.write(SPS30Command.readDataReady.bytes, at: Self.start.addingTimeInterval(0.5))
        #expect(try SPS30Replies.dataReady(device.read(count: 3, at: Self.start.addingTimeInterval(0.5))) == false)
        // A read without a new command repeats the last pointer (data-ready polling).
        #expect(try SPS30Replies.dataReady(device.read(count: 3, at: Self.start.addingTimeInterval(1.1))) == true)
        try device.write(SPS30Command.readMeasuredValues.bytes, at: Self.start.addingTimeInterval(1.2))
        let values = try SPS30Measurement.decode(
            device.read(count: 60, at: Self.start.addingTimeInterval(1.2)), format: .float)
        #expect(abs(values.mc2p5 - 20) < 0.01)
        try device.write(SPS30Command.readDataReady.bytes, at: Self.start.addingTimeInterval(1.3))
        #expect(
            try SPS30Replies.dataReady(device.read(count: 3, at: Self.start.addingTimeInterval(1.3))) == false,
            "cleared by the read")
    }

    @Test func sps30RefusesCommandsOutOfMode() throws {
        var device = SPS30Device(scenario: .steady(pm25: 20), start: Self.start)
        #expect(throws: TransportError.self) { try device.write(SPS30Command.startFanCleaning.bytes, at: Self.start) }
        try device.write(SPS30Command.startMeasurement(.integer).bytes, at: Self.start)
        #expect(throws: TransportError.self) {
            try device.write(SPS30Command.startMeasurement(.float).bytes, at: Self.start)
        }
        #expect(throws: TransportError.self) { try device.write(SPS30Command.sleep.bytes, at: Self.start) }
        try device.write(SPS30Command.startFanCleaning.bytes, at: Self.start)
        #expect(throws: TransportError.self) { _ = try device.read(count: 3, at: Self.start) }
        #expect(throws: TransportError.self) { try device.write([0x12, 0x34], at: Self.start) }
    }

    @Test func sps30SleepsAndNeedsTwoWakeUps() throws {
        var device = SPS30Device(scenario: .steady(pm25: 20), start: Self.start)
        try device.write(SPS30Command.sleep.bytes, at: Self.start)
        #expect(device.mode == .sleeping)
        #expect { try device.write(SPS30Command.readFirmwareVersion.bytes, at: Self.start) } throws: { Self.isNACK($0) }
        #expect { try device.write(SPS30Command.wakeUp.bytes, at: Self.start) } throws: { Self.isNACK($0) }
        try device.write(SPS30Command.wakeUp.bytes, at: Self.start)
        #expect(device.mode == .idle)
    }

    @Test func sps30ReportsItsIdentity() throws {
        var device = SPS30Device(scenario: .steady(pm25: 20), start: Self.start)
        try device.write(SPS30Command.readProductType.bytes, at: Self.start)
        #expect(try SPS30Replies.string(device.read(count: 12, at: Self.start)) == "00080000")
        try device.write(SPS30Command.readSerialNumber.bytes, at: Self.start)
        #expect(try SPS30Replies.string(device.read(count: 48, at: Self.start)) == device.serialNumber)
        try device.write(SPS30Command.readFirmwareVersion.bytes, at: Self.start)
        #expect(try SPS30FirmwareVersion.decode(device.read(count: 3, at: Self.start)) == device.firmware)
        try device.write(SPS30Command.writeAutoCleaningInterval(seconds: 3600).bytes, at: Self.start)
        try device.write(SPS30Command.readAutoCleaningInterval.bytes, at: Self.start)
        #expect(try SPS30Replies.autoCleaningInterval(device.read(count: 6, at: Self.start)) == 3600)
    }

    @Test func pmsa003iServesFramesAndSleepsOnItsPin() throws {
        var device = PMSA003IDevice(scenario: .steady(pm25: 14), zeroFrameWindow: .seconds(1), start: Self.start)
        #expect(
            PlantowerFrame(validating: try device.read(count: 32, at: Self.start), variant: .standard)?.isAllZero
                == true)
        let frame = PlantowerFrame(
            validating: try device.read(count: 32, at: Self.start.addingTimeInterval(2)), variant: .standard)
        #expect(frame?.pm25Atmospheric == 14)
        device.setSleepPin(true, at: Self.start.addingTimeInterval(3))
        #expect { _ = try device.read(count: 32, at: Self.start.addingTimeInterval(3)) } throws: { Self.isNACK($0) }
    }

    @Test func theEmulatedBusCanBeUnplugged() async throws {
        let device = EmulatedI2CDevice(
            model: PMSA003IDevice(scenario: .steady(pm25: 1), start: Self.start), address: 0x12,
            clock: FixedClock(Self.start))
        try await device.open()
        _ = try await device.read(count: 32)
        device.setPresent(false)
        await #expect(throws: TransportError.self) { _ = try await device.read(count: 32) }
        await device.close()
        await #expect(throws: TransportError.self) { try await device.open() }
    }
}

/// A clock that never moves.
struct FixedClock: StationClock {
    let now: Date
    init(_ now: Date) { self.now = now }
    func sleep(until deadline: Date) async throws { try Task.checkCancellation() }
}
