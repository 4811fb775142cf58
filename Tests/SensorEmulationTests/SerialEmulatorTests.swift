import Foundation
import Testing

@testable import SensorEmulation
@testable import Sensors

/// The UART emulators behave like the sensors: modes, replies, sleep, cadence.
@Suite("Serial device emulators")
struct SerialEmulatorTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)
    static let timing = EmulatorTiming(
        frameInterval: .seconds(1), responseDelay: .milliseconds(50), zeroFrameWindow: .seconds(2))

    /// Runs the device from `from` for `seconds`, polling every 10 ms, and decodes what it sent.
    static func collect<Codec: FrameCodec>(
        _ device: inout some SerialDeviceModel, codec: Codec, from: Date, seconds: Double
    ) -> [Codec.Message] {
        var decoder = FrameDecoder(codec: codec)
        var messages: [Codec.Message] = []
        var time = from
        while time < from.addingTimeInterval(seconds) {
            messages += decoder.decode(device.output(at: time)).compactMap(\.message)
            time = time.addingTimeInterval(0.01)
        }
        return messages
    }

    static func dataFrames(_ messages: [PlantowerMessage]) -> [PlantowerFrame] {
        messages.compactMap { if case .data(let frame) = $0 { frame } else { nil } }
    }

    @Test func plantowerStreamsInActiveModeWithZeroFramesWhileWarming() {
        var device = PlantowerDevice(
            model: .pms5003, scenario: .steady(pm25: 40), timing: Self.timing, start: Self.start)
        let frames = Self.dataFrames(
            Self.collect(&device, codec: PlantowerCodec(variant: .standard), from: Self.start, seconds: 6.05))
        #expect(frames.count == 6)
        #expect(frames.first?.isAllZero == true)
        #expect(frames.suffix(3).allSatisfy { $0.pm25Atmospheric == 40 && $0.pm25CF1 == 45 })
    }

    @Test func plantowerInPassiveModeAnswersOnlyRead() {
        var device = PlantowerDevice(
            model: .pms5003, scenario: .steady(pm25: 9), timing: Self.timing, start: Self.start)
        let now = Self.start.addingTimeInterval(5)
        device.receive(PlantowerCommand.setMode(.passive).bytes, at: now)
        var messages = Self.collect(&device, codec: PlantowerCodec(variant: .standard), from: now, seconds: 3)
        #expect(messages == [.acknowledgement(PlantowerAcknowledgement(command: 0xE1, data: 0))])
        let later = now.addingTimeInterval(3)
        device.receive(PlantowerCommand.readPassive.bytes, at: later)
        messages = Self.collect(&device, codec: PlantowerCodec(variant: .standard), from: later, seconds: 0.5)
        #expect(Self.dataFrames(messages).map(\.pm25Atmospheric) == [9])
    }

    @Test func plantowerAsleepIgnoresEverythingButWake() {
        var device = PlantowerDevice(
            model: .pms7003, scenario: .steady(pm25: 9), timing: Self.timing, start: Self.start)
        let now = Self.start.addingTimeInterval(5)
        device.receive(PlantowerCommand.sleep.bytes, at: now)
        #expect(Self.collect(&device, codec: PlantowerCodec(variant: .standard), from: now, seconds: 0.2).count == 1)
        device.receive(
            PlantowerCommand.setMode(.passive).bytes + PlantowerCommand.readPassive.bytes, at: now.addingTimeInterval(1)
        )
        #expect(
            Self.collect(
                &device, codec: PlantowerCodec(variant: .standard), from: now.addingTimeInterval(1), seconds: 3
            ).isEmpty)
        device.receive(PlantowerCommand.wake.bytes, at: now.addingTimeInterval(4))
        #expect(device.mode == .active && !device.asleep)
        let frames = Self.dataFrames(
            Self.collect(
                &device, codec: PlantowerCodec(variant: .standard), from: now.addingTimeInterval(4), seconds: 4.05))
        #expect(frames.first?.isAllZero == true, "frames restart with the fan spinning up")
        #expect(frames.last?.pm25Atmospheric == 9)
    }

    @Test func pms3003TakesNoCommands() {
        var device = PlantowerDevice(
            model: .pms3003, scenario: .steady(pm25: 9), timing: Self.timing, start: Self.start)
        device.receive(PlantowerCommand.setMode(.passive).bytes, at: Self.start)
        #expect(device.mode == .active && device.commandsReceived.isEmpty)
        let frames = Self.dataFrames(
            Self.collect(&device, codec: PlantowerCodec(variant: .pms3003), from: Self.start, seconds: 3.05))
        #expect(frames.count == 3 && frames.allSatisfy { $0.bytes.count == 24 })
    }

    @Test func aResetClearsAHang() {
        var device = PlantowerDevice(
            model: .pms5003, scenario: .steady(pm25: 9), timing: Self.timing, start: Self.start)
        device.faults.stalled = true
        #expect(Self.collect(&device, codec: PlantowerCodec(variant: .standard), from: Self.start, seconds: 3).isEmpty)
        #expect(device.nextDeadline(after: Self.start) == nil)
        device.reset(at: Self.start.addingTimeInterval(3))
        #expect(!device.faults.stalled)
        #expect(
            !Self.collect(
                &device, codec: PlantowerCodec(variant: .standard), from: Self.start.addingTimeInterval(3), seconds: 2
            ).isEmpty)
    }

    @Test func injectedFaultsReachTheDecoder() {
        let faults = EmulatorFaults(garbage: 0.5, badChecksum: 0.3, truncate: 0.1, seed: 9)
        var device = PlantowerDevice(
            model: .pms5003, scenario: .steady(pm25: 9), timing: Self.timing, faults: faults, start: Self.start)
        var decoder = FrameDecoder(variant: .standard)
        var time = Self.start
        for _ in 0..<6000 {
            _ = decoder.decode(device.output(at: time))
            time = time.addingTimeInterval(0.05)
        }
        let statistics = decoder.statistics
        #expect(statistics.frames > 100)
        #expect(statistics.checksumErrors > 10)
        #expect(statistics.bytesSkipped > 100)
    }

    @Test func sds011AnswersQueriesAndKeepsItsSettingsAcrossPowerCycles() {
        var device = SDS011Device(scenario: .steady(pm25: 12.3), timing: Self.timing, start: Self.start)
        let now = Self.start.addingTimeInterval(1.5)
        device.receive(SDS011Request(.setReportingMode(.query)).bytes + SDS011Request(.queryFirmware).bytes, at: now)
        let messages = Self.collect(&device, codec: SDS011Codec(), from: now, seconds: 3)
        let replies = messages.compactMap { if case .reply(let reply) = $0 { reply } else { nil } }
        #expect(replies.map(\.subcommand) == [0x02, 0x07])
        #expect(replies.last?.firmwareDate == "16-11-21")
        #expect(!messages.contains { if case .data = $0 { true } else { false } }, "no stream in query mode")
        device.powerOn(at: now.addingTimeInterval(10))
        #expect(device.reportingMode == .query)
        device.receive(SDS011Request(.queryData).bytes, at: now.addingTimeInterval(10))
        let data = Self.collect(&device, codec: SDS011Codec(), from: now.addingTimeInterval(10), seconds: 0.5)
        #expect(data == [.data(SDS011Reading(pm25Tenths: 123, pm10Tenths: 154, deviceID: device.deviceID))])
    }

    @Test func sds011AsleepAnswersOnlyWorkAndIgnoresOtherIDs() {
        var device = SDS011Device(scenario: .steady(pm25: 5), timing: Self.timing, start: Self.start)
        device.receive(SDS011Request(.setWorkState(.sleep)).bytes, at: Self.start)
        _ = Self.collect(&device, codec: SDS011Codec(), from: Self.start, seconds: 0.5)
        device.receive(SDS011Request(.queryFirmware).bytes, at: Self.start.addingTimeInterval(1))
        #expect(Self.collect(&device, codec: SDS011Codec(), from: Self.start.addingTimeInterval(1), seconds: 2).isEmpty)
        device.receive(
            SDS011Request(.setWorkState(.work), target: SDS011DeviceID(1, 2)).bytes,
            at: Self.start.addingTimeInterval(3))
        #expect(!device.working, "a command for another sensor is ignored")
        device.receive(
            SDS011Request(.setWorkState(.work), target: device.deviceID).bytes, at: Self.start.addingTimeInterval(3))
        #expect(device.working)
    }

    @Test func honeywellAcknowledgesAndRefuses() {
        var device = HoneywellDevice(
            model: .hpma115s0, scenario: .steady(pm25: 30), timing: Self.timing, start: Self.start)
        let now = Self.start.addingTimeInterval(0.5)
        device.receive(HoneywellCommand.disableAutoSend.bytes, at: now)
        device.receive([0x68, 0x01, 0x04, 0x00], at: now)  // bad checksum
        var messages = Self.collect(&device, codec: HoneywellCodec(variant: .s0), from: now, seconds: 2)
        #expect(messages == [.acknowledgement, .negativeAcknowledgement])
        device.receive(
            HoneywellCommand.stopMeasurement.bytes + HoneywellCommand.readMeasurement.bytes,
            at: now.addingTimeInterval(2))
        messages = Self.collect(
            &device, codec: HoneywellCodec(variant: .s0), from: now.addingTimeInterval(2), seconds: 1)
        #expect(messages == [.acknowledgement, .negativeAcknowledgement], "no reading while stopped")
        device.receive(
            HoneywellCommand.startMeasurement.bytes + HoneywellCommand.readMeasurement.bytes,
            at: now.addingTimeInterval(3))
        messages = Self.collect(
            &device, codec: HoneywellCodec(variant: .s0), from: now.addingTimeInterval(3), seconds: 0.5)
        #expect(messages == [.acknowledgement, .reading(HoneywellReading(source: .readReply, pm25: 30, pm10: 38))])
    }
}
