import Testing

@testable import Sensors

/// Host commands are built byte for byte as the vectors list them, and parsed back.
@Suite("Command vectors")
struct CommandVectorTests {
    @Test func plantowerCommandsMatchTheVectors() throws {
        let expected: [(PlantowerCommand, String)] = [
            (.readPassive, "424de200000171"), (.setMode(.passive), "424de100000170"),
            (.setMode(.active), "424de100010171"), (.sleep, "424de400000173"), (.wake, "424de400010174"),
        ]
        for (command, hex) in expected {
            #expect(Hex.string(command.bytes) == hex)
            let vector = try #require(SensorVector.all.first { $0.hex == hex })
            #expect(vector.value("command") == command.name)
            #expect(vector.value("expected_reply") == command.expectedReply)
        }
        #expect(Hex.string(PlantowerCommand.setMode(.active).acknowledgement?.bytes ?? []) == "424d0004e1010175")
    }

    @Test func sds011CommandsMatchTheVectors() throws {
        let expected: [(SDS011Request, String)] = [
            (SDS011Request(.setWorkState(.sleep)), "aab406010000000000000000000000ffff05ab"),
            (SDS011Request(.setWorkState(.work)), "aab406010100000000000000000000ffff06ab"),
            (SDS011Request(.setWorkingPeriod(minutes: 0)), "aab408010000000000000000000000ffff07ab"),
            (
                SDS011Request(.setWorkState(.sleep), target: SDS011DeviceID(0xA1, 0x60)),
                "aab406010000000000000000000000a16008ab"
            ),
            (
                SDS011Request(.setWorkState(.sleep), target: SDS011DeviceID(0xA2, 0xD5)),
                "aab406010000000000000000000000a2d57eab"
            ),
        ]
        for (request, hex) in expected {
            #expect(Hex.string(request.bytes) == hex)
            let vector = try #require(SensorVector.all.first { $0.hex == hex })
            #expect(vector.value("command") == request.name)
        }
    }

    @Test func honeywellCommandsHaveTheDatasheetBytes() {
        #expect(Hex.string(HoneywellCommand.readMeasurement.bytes) == "68010493")
        #expect(Hex.string(HoneywellCommand.startMeasurement.bytes) == "68010196")
        #expect(Hex.string(HoneywellCommand.stopMeasurement.bytes) == "68010295")
        #expect(Hex.string(HoneywellCommand.enableAutoSend.bytes) == "68014057")
        #expect(Hex.string(HoneywellCommand.disableAutoSend.bytes) == "68012077")
        #expect(
            SensorVector.all.first { $0.hex == "68010493" }?.value("command") == HoneywellCommand.readMeasurement.name)
    }

    @Test func sensirionCRCMatchesTheDatasheetAndTheVectors() {
        #expect(SensirionCRC8.checksum([0xBE, 0xEF]) == 0x92)
        #expect(SensirionCRC8.checksum([0x00, 0x00]) == 0x81)
        #expect(SensirionCRC8.checksum([0x03, 0x00]) == 0xAC)
        #expect(SensirionCRC8.checksum([0x05, 0x00]) == 0xF6)
        #expect(SensirionCRC8.checksum([0x00, 0x01]) == 0xB0)
        #expect(SensirionCRC8.checksum([0xAB, 0xCD]) == 0x6F)
    }

    @Test func sps30CommandsHaveTheirPointersAndArguments() throws {
        #expect(Hex.string(SPS30Command.startMeasurement(.float).bytes) == "00100300ac")
        #expect(Hex.string(SPS30Command.startMeasurement(.integer).bytes) == "00100500f6")
        for (command, hex) in [
            (SPS30Command.readDataReady, "0202"), (.readMeasuredValues, "0300"), (.reset, "d304"),
            (.startFanCleaning, "5607"),
        ] {
            #expect(Hex.string(command.bytes) == hex)
            #expect(SPS30Command(bytes: command.bytes) == command)
            #expect(SensorVector.all.contains { $0.sensor == "SPS30" && $0.hex == hex })
        }
        #expect(SPS30Command.readDataReady.replyLength() == 3)
        #expect(SPS30Command.readMeasuredValues.replyLength(format: .float) == 60)
        #expect(SPS30Command.readMeasuredValues.replyLength(format: .integer) == 30)
        let interval = SPS30Command.writeAutoCleaningInterval(seconds: 604_800)
        #expect(SPS30Command(bytes: interval.bytes) == interval)
    }

    @Test func sps30RepliesMatchTheVectors() throws {
        let ready = try #require(SensorVector.all.first { $0.value("data_ready_replies") != nil }).bytes
        #expect(try SPS30Replies.dataReady(ready[0..<3]) == false)
        #expect(try SPS30Replies.dataReady(ready[3..<6]) == true)
        let serial = try #require(SensorVector.all.first { $0.value("serial_ascii") != nil })
        #expect(try SPS30Replies.string(serial.bytes) == "6B19E22CD975E11A")
        #expect(SPS30Replies.stringReply("6B19E22CD975E11A", length: 48) == serial.bytes)
        #expect(try SPS30FirmwareVersion.decode([0x01, 0x00, 0x75]).description == "1.0")
        #expect(try SPS30FirmwareVersion.decode([0x02, 0x01, 0x69]).description == "2.1")
        #expect(SPS30FirmwareVersion(major: 2, minor: 1).reply == [0x02, 0x01, 0x69])
        #expect(throws: SensirionWordError.crc(word: 0, computed: 0x69, sent: 0x68)) {
            try SPS30FirmwareVersion.decode([0x02, 0x01, 0x68])
        }
        let vector = try #require(SensorVector.all.first { $0.value("crc_ok_all_20_words") != nil })
        let measurement = try SPS30Measurement.decode(vector.bytes, format: .float)
        #expect(measurement.reply(format: .float) == vector.bytes)
        #expect(abs(measurement.mc2p5 - 9.4667) < 1e-4)
    }

    @Test func sps30UARTCaptureUnstuffsAndChecks() throws {
        let vector = try #require(SensorVector.of("SPS30-UART").first)
        var decoder = FrameDecoder(codec: SHDLCCodec())
        let frames = decoder.decode(vector.bytes).compactMap(\.message)
        let frame = try #require(frames.first)
        #expect(frame.bytes == vector.bytes)
        #expect(abs((frame.measurement?.nc1p0 ?? 0) - 36.9966) < 1e-4)
    }
}
