import Measurements
import Testing

@testable import Sensors

@Suite("Streaming decoder behaviour")
struct DecoderBehaviourTests {
    static let capture = "424d001c00000008000800000008000800d20046002d001e00000000970002c5"

    @Test func aFrameThatLostTwoBytesIsRejectedAndTheNextFrameIsFound() throws {
        // A real failure mode: a frame lost 2 bytes mid-way, so the next header sits at offset 30.
        let good = try Hex.parse(Self.capture)
        var torn = good
        torn.removeSubrange(10..<12)
        var decoder = FrameDecoder(variant: .standard)
        let events = decoder.decode(torn + good)
        #expect(events.compactMap(\.message).count == 1)
        let errors = events.compactMap(\.error)
        #expect(errors.map(\.kind) == [.checksum])
        #expect(decoder.lastMessageOffset == 30)
        #expect(decoder.statistics.checksumErrors == 1)
        #expect(decoder.statistics.frames == 1)
        #expect(decoder.statistics.bytesSkipped == 30)
        #expect(decoder.statistics.resyncs == 1)
    }

    @Test func garbageBeforeAFrameIsReportedOnceWithItsBytes() throws {
        var decoder = FrameDecoder(variant: .standard)
        let events = decoder.decode([0x00, 0xFF, 0x42, 0x13] + (try Hex.parse(Self.capture)))
        #expect(events.count == 2)
        let error = try #require(events.first?.error)
        #expect(error.kind == .unexpectedBytes && error.offset == 0 && error.bytes == [0x00, 0xFF, 0x42, 0x13])
        #expect(events.last?.message != nil)
        #expect(decoder.statistics.resyncs == 1 && decoder.statistics.bytesSkipped == 4)
    }

    @Test func aTruncatedFrameIsReportedAtTheEndOfInput() throws {
        var decoder = FrameDecoder(variant: .standard)
        let bytes = try Hex.parse(Self.capture)
        #expect(decoder.decode(bytes.prefix(20)).isEmpty)
        let events = decoder.finish()
        #expect(events.map { $0.error?.kind } == [.truncated])
        #expect(decoder.statistics.truncatedFrames == 1)
        #expect(decoder.pendingByteCount == 0)
    }

    @Test func aWrongLengthFieldIsALengthError() {
        var decoder = FrameDecoder(variant: .standard)
        let events = decoder.decode([0x42, 0x4D, 0x00, 0x24] + [UInt8](repeating: 0, count: 40))
        #expect(events.first?.error?.kind == .invalidLength)
        #expect(decoder.statistics.lengthErrors == 1)
    }

    @Test func resetDiscardsPendingBytes() throws {
        var decoder = FrameDecoder(variant: .standard)
        let bytes = try Hex.parse(Self.capture)
        _ = decoder.decode(bytes.prefix(10))
        decoder.reset()
        #expect(decoder.pendingByteCount == 0)
        #expect(decoder.statistics.bytesSkipped == 10)
        #expect(decoder.decode(bytes).compactMap(\.message).count == 1)
    }

    @Test func hostCommandsAndAcknowledgementsShareTheStream() throws {
        var decoder = FrameDecoder(variant: .standard)
        let input =
            PlantowerCommand.setMode(.passive).bytes + (PlantowerCommand.sleep.acknowledgement?.bytes ?? [])
            + PlantowerCommand.readPassive.bytes
        let messages = decoder.decode(input).compactMap(\.message)
        #expect(
            messages == [
                .command(.setMode(.passive)), .acknowledgement(PlantowerAcknowledgement(command: 0xE4, data: 0)),
                .command(.readPassive),
            ])
    }

    @Test func sds011RepliesInterleavedWithDataAreDemultiplexed() {
        var decoder = FrameDecoder(codec: SDS011Codec())
        let reading = SDS011Reading(pm25Tenths: 123, pm10Tenths: 456, deviceID: SDS011DeviceID(1, 2))
        let reply = SDS011Reply(subcommand: 0x06, values: [1, 0, 0], deviceID: SDS011DeviceID(1, 2))
        let messages = decoder.decode(reading.bytes + reply.bytes + reading.bytes).compactMap(\.message)
        #expect(messages == [.data(reading), .reply(reply), .data(reading)])
        #expect(reply.answers(.setWorkState(.sleep)) && reply.workState == .sleep)
        #expect(reading.pm25 == 12.3 && reading.pm10 == 45.6)
    }

    @Test func pms5003tTemperatureIsSigned() {
        let frame = PlantowerFrame.make(
            variant: .temperatureHumidity, pm1CF1: 1, pm25CF1: 2, pm10CF1: 3, pm1: 1, pm25: 2, pm10: 3,
            counts: [10, 5, 2, 1], temperature: -12.3, relativeHumidity: 88.8)
        #expect(frame.temperature == -12.3)
        #expect(frame.relativeHumidity == 88.8)
        #expect(frame.particleCounts == [10, 5, 2, 1])
    }

    @Test func pms5003stAndPms3003LayoutsRoundTrip() {
        let st = PlantowerFrame.make(
            variant: .formaldehydeTemperatureHumidity, pm1CF1: 4, pm25CF1: 5, pm10CF1: 6, pm1: 4, pm25: 5, pm10: 6,
            counts: [100, 50, 20, 10, 5, 1], temperature: 23.4, relativeHumidity: 45.6, formaldehyde: 31)
        var decoder = FrameDecoder(variant: .formaldehydeTemperatureHumidity)
        #expect(decoder.decode(st.bytes).compactMap(\.message) == [.data(st)])
        #expect(st.bytes.count == 40 && st.lengthField == 36 && st.formaldehyde == 31 && st.temperature == 23.4)
        let old = PlantowerFrame.make(variant: .pms3003, pm1CF1: 7, pm25CF1: 8, pm10CF1: 9, pm1: 7, pm25: 8, pm10: 9)
        var oldDecoder = FrameDecoder(variant: .pms3003)
        #expect(oldDecoder.decode(old.bytes).compactMap(\.message) == [.data(old)])
        #expect(old.bytes.count == 24 && old.particleCounts.isEmpty && old.measurement.pm25 == 8)
    }

    @Test func honeywellReadRepliesOfBothVariantsDecode() {
        let reading = HoneywellReading(source: .readReply, pm1: 3, pm25: 12, pm4: 15, pm10: 20)
        var c0 = FrameDecoder(variant: .c0)
        let c0Bytes = reading.readReplyBytes(variant: .c0)
        #expect(c0Bytes.count == 16 && c0Bytes[1] == 0x0D)
        #expect(c0.decode(c0Bytes).compactMap(\.message) == [.reading(reading)])
        var s0 = FrameDecoder(variant: .s0)
        let s0Bytes = reading.readReplyBytes(variant: .s0)
        #expect(s0Bytes.count == 8)
        #expect(
            s0.decode(s0Bytes + [0xA5, 0xA5, 0x96, 0x96]).compactMap(\.message) == [
                .reading(HoneywellReading(source: .readReply, pm25: 12, pm10: 20)), .acknowledgement,
                .negativeAcknowledgement,
            ])
    }
}
