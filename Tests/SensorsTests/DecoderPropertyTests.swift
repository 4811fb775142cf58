import Testing

@testable import Sensors

/// Random input never crashes a decoder and never yields a frame that fails its checksum; every valid frame
/// embedded in random garbage is found, whatever the chunking.
@Suite("Decoder properties")
struct DecoderPropertyTests {
    /// Random bytes, with the families' start bytes over-represented so headers appear often.
    static func garbage(_ count: Int, using generator: inout SeededGenerator) -> [UInt8] {
        let interesting: [UInt8] = [
            0x42, 0x4D, 0x00, 0x1C, 0x04, 0xAA, 0xC0, 0xC5, 0xB4, 0xAB, 0x40, 0x05, 0x68, 0xA5, 0x96, 0x7E, 0x7D,
        ]
        return (0..<count).map { _ in
            Bool.random(using: &generator)
                ? interesting.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
        }
    }

    static func randomChunks(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [[UInt8]] {
        var chunks: [[UInt8]] = []
        var index = 0
        while index < bytes.count {
            let size = Int.random(in: 1...64, using: &generator)
            chunks.append(Array(bytes[index..<min(bytes.count, index + size)]))
            index += size
        }
        return chunks
    }

    /// Feeds `input` in random chunks and returns each message with its offset; checks the byte accounting.
    static func run<Codec: FrameCodec>(
        _ decoder: inout FrameDecoder<Codec>, _ input: [UInt8], using generator: inout SeededGenerator
    ) -> [(Codec.Message, Int)] {
        var messages: [(Codec.Message, Int)] = []
        for chunk in randomChunks(input, using: &generator) {
            decoder.append(chunk)
            while let event = decoder.next() {
                if case .message(let message) = event { messages.append((message, decoder.lastMessageOffset)) }
            }
            let stats = decoder.statistics
            #expect(stats.bytesReceived == stats.bytesInFrames + stats.bytesSkipped + decoder.pendingByteCount)
        }
        decoder.endInput()
        while let event = decoder.next() {
            if case .message(let message) = event { messages.append((message, decoder.lastMessageOffset)) }
        }
        #expect(decoder.pendingByteCount == 0)
        return messages
    }

    // MARK: Random bytes: no crash, nothing invalid

    @Test(arguments: PlantowerVariant.allCases)
    func plantowerYieldsOnlyValidFrames(variant: PlantowerVariant) {
        var generator = SeededGenerator(seed: 11)
        let input = Self.garbage(200_000, using: &generator)
        var decoder = FrameDecoder(variant: variant)
        for (message, offset) in Self.run(&decoder, input, using: &generator) {
            switch message {
            case .data(let frame):
                #expect(frame.checksumOK && frame.lengthField == variant.lengthField)
                #expect(Array(input[offset..<(offset + frame.bytes.count)]) == frame.bytes)
            case .acknowledgement(let ack):
                #expect(Array(input[offset..<(offset + 8)]) == ack.bytes)
            case .command(let command):
                #expect(Array(input[offset..<(offset + 7)]) == command.bytes)
            }
        }
    }

    @Test func sds011YieldsOnlyValidFrames() {
        var generator = SeededGenerator(seed: 12)
        let input = Self.garbage(200_000, using: &generator)
        var decoder = FrameDecoder(codec: SDS011Codec())
        for (message, offset) in Self.run(&decoder, input, using: &generator) {
            let bytes: [UInt8]
            switch message {
            case .data(let reading): bytes = reading.bytes
            case .reply(let reply): bytes = reply.bytes
            case .command(let request): bytes = request.bytes
            }
            #expect(Array(input[offset..<(offset + bytes.count)]) == bytes)
            let sum = bytes[2..<(bytes.count - 2)].reduce(UInt8(0), &+)
            #expect(sum == bytes[bytes.count - 2] && bytes.last == 0xAB)
        }
    }

    @Test(arguments: HoneywellVariant.allCases)
    func honeywellYieldsOnlyValidFrames(variant: HoneywellVariant) {
        var generator = SeededGenerator(seed: 13)
        let input = Self.garbage(200_000, using: &generator)
        var decoder = FrameDecoder(variant: variant)
        for (message, offset) in Self.run(&decoder, input, using: &generator) {
            switch message {
            case .reading(let reading) where reading.source == .autoSend:
                let frame = Array(input[offset..<(offset + 32)])
                let sum = frame[0..<30].reduce(UInt16(0)) { $0 &+ UInt16($1) }
                #expect(sum == UInt16(frame[30]) << 8 | UInt16(frame[31]))
            case .reading, .adjustmentCoefficient, .command:
                let length = Int(input[offset + 1]) + 3
                let frame = input[offset..<(offset + length)]
                #expect(frame.reduce(UInt8(0), &+) == 0, "sum of a Honeywell frame with its checksum is 0 mod 256")
            case .acknowledgement:
                #expect(input[offset] == 0xA5 && input[offset + 1] == 0xA5)
            case .negativeAcknowledgement:
                #expect(input[offset] == 0x96 && input[offset + 1] == 0x96)
            }
        }
    }

    @Test(arguments: SPS30MeasurementFormat.allCases)
    func sps30YieldsOnlyValidReplies(format: SPS30MeasurementFormat) {
        var generator = SeededGenerator(seed: 14)
        let input = Self.garbage(50_000, using: &generator)
        var decoder = FrameDecoder(format: format)
        for (_, offset) in Self.run(&decoder, input, using: &generator) {
            let reply = input[offset..<(offset + format.replyLength)]
            #expect((try? SensirionWords.decode(reply)) != nil)
        }
    }

    @Test func shdlcYieldsOnlyValidFrames() {
        var generator = SeededGenerator(seed: 15)
        let input = Self.garbage(100_000, using: &generator)
        var decoder = FrameDecoder(codec: SHDLCCodec())
        for (frame, _) in Self.run(&decoder, input, using: &generator) {
            var redecoder = FrameDecoder(codec: SHDLCCodec())
            #expect(redecoder.decode(frame.bytes).compactMap(\.message) == [frame])
        }
    }

    // MARK: Valid frames inside garbage are all found

    /// Interleaves `frames` with random garbage and checks the decoder finds them all, in order, at their offsets.
    static func checkEmbedded<Codec: FrameCodec>(
        _ frames: [[UInt8]], decoder: FrameDecoder<Codec>, seed: UInt64, maxGarbage: Int = 40,
        garbageWithout excluded: Set<UInt8> = []
    ) {
        var generator = SeededGenerator(seed: seed)
        var input: [UInt8] = []
        var offsets: [Int] = []
        for frame in frames {
            input += garbage(Int.random(in: 0...maxGarbage, using: &generator), using: &generator)
                .filter { !excluded.contains($0) }
            offsets.append(input.count)
            input += frame
        }
        input += garbage(Int.random(in: 0...maxGarbage, using: &generator), using: &generator)
        var decoder = decoder
        let found = run(&decoder, input, using: &generator).map(\.1)
        // Every embedded frame is found at its offset (garbage may, very rarely, hold a valid frame of its own).
        let missing = offsets.filter { !found.contains($0) }
        #expect(missing.isEmpty, "frames not found at offsets \(missing.prefix(5))")
        #expect(found.count == offsets.count, "garbage decoded as frames: \(found.count - offsets.count)")
    }

    @Test(arguments: PlantowerVariant.allCases)
    func everyEmbeddedPlantowerFrameIsFound(variant: PlantowerVariant) {
        var generator = SeededGenerator(seed: 21)
        let frames = (0..<300).map { index -> [UInt8] in
            switch index % 10 {
            case 0: return PlantowerCommand.setMode(.active).acknowledgement?.bytes ?? []
            case 1: return PlantowerCommand.readPassive.bytes
            default:
                let value = { Int.random(in: 0...999, using: &generator) }
                return PlantowerFrame.make(
                    variant: variant, pm1CF1: value(), pm25CF1: value(), pm10CF1: value(), pm1: value(), pm25: value(),
                    pm10: value(), counts: (0..<6).map { _ in value() }, temperature: -5.5, relativeHumidity: 61.2,
                    formaldehyde: 12
                ).bytes
            }
        }
        Self.checkEmbedded(frames, decoder: FrameDecoder(variant: variant), seed: 31)
    }

    @Test func everyEmbeddedSDS011FrameIsFound() {
        var generator = SeededGenerator(seed: 22)
        let frames = (0..<300).map { index -> [UInt8] in
            switch index % 3 {
            case 0: return SDS011Reply(subcommand: 0x06, values: [1, 1, 0], deviceID: SDS011DeviceID(0x12, 0x34)).bytes
            case 1: return SDS011Request(.queryData).bytes
            default:
                return SDS011Reading(
                    pm25Tenths: UInt16.random(in: 0...9999, using: &generator),
                    pm10Tenths: UInt16.random(in: 0...9999, using: &generator), deviceID: SDS011DeviceID(0x58, 0xD9)
                ).bytes
            }
        }
        Self.checkEmbedded(frames, decoder: FrameDecoder(codec: SDS011Codec()), seed: 32)
    }

    @Test(arguments: HoneywellVariant.allCases)
    func everyEmbeddedHoneywellFrameIsFound(variant: HoneywellVariant) {
        var generator = SeededGenerator(seed: 23)
        let frames = (0..<300).map { index -> [UInt8] in
            let reading = HoneywellReading(
                source: .readReply, pm1: Int.random(in: 0...999, using: &generator),
                pm25: Int.random(in: 0...999, using: &generator), pm4: 7,
                pm10: Int.random(in: 0...999, using: &generator))
            switch index % 3 {
            case 0: return reading.readReplyBytes(variant: variant)
            case 1: return reading.autoSendBytes(variant: variant)
            default: return HoneywellCommand.readMeasurement.bytes
            }
        }
        // Two-byte acknowledgements (A5 A5, 96 96) are bound to occur in random garbage: keep those bytes out.
        Self.checkEmbedded(frames, decoder: FrameDecoder(variant: variant), seed: 33, garbageWithout: [0xA5, 0x96])
    }

    @Test(arguments: SPS30MeasurementFormat.allCases)
    func everyEmbeddedSPS30ReplyIsFound(format: SPS30MeasurementFormat) {
        var generator = SeededGenerator(seed: 24)
        let frames = (0..<100).map { _ in
            SPS30Measurement(values: (0..<10).map { _ in Double(Int.random(in: 0...500, using: &generator)) / 4 })
                .reply(format: format)
        }
        Self.checkEmbedded(frames, decoder: FrameDecoder(format: format), seed: 34)
    }

    @Test func everyEmbeddedSHDLCFrameIsFound() {
        var generator = SeededGenerator(seed: 25)
        let frames = (0..<100).map { _ in
            SHDLCFrame(
                address: 0, command: 0x03, state: 0,
                data: (0..<40).map { _ in [0x7E, 0x7D, 0x11, 0x13, 0x42].randomElement(using: &generator) ?? 0 }
            ).bytes
        }
        // SHDLC frames end at the next 0x7E, so garbage between them must not hold one (a real line is idle).
        var clean = SeededGenerator(seed: 35)
        var input: [UInt8] = []
        var offsets: [Int] = []
        for frame in frames {
            input += Self.garbage(Int.random(in: 0...20, using: &clean), using: &clean).filter { $0 != 0x7E }
            offsets.append(input.count)
            input += frame
        }
        var decoder = FrameDecoder(codec: SHDLCCodec())
        let found = Self.run(&decoder, input, using: &generator).map(\.1)
        #expect(found == offsets)
    }
}
