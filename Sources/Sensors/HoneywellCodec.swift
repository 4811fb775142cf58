/// The Honeywell HPMA115 framing rules for ``FrameDecoder``: replies `40 LEN CMD data CS` and host commands
/// `68 LEN CMD data CS` (CS = (65536 - sum) mod 256), `A5 A5` / `96 96`, and Plantower-like 32-byte auto-send
/// frames `42 4D 00 1C` with a 16-bit sum. Only the (start, LEN, CMD) combinations the sensors use are taken
/// as frame starts, so stray `40`/`68` bytes are not mistaken for frames.
public struct HoneywellCodec: FrameCodec {
    /// Which values auto-send frames carry.
    public let variant: HoneywellVariant

    /// A codec for `variant`.
    public init(variant: HoneywellVariant) {
        self.variant = variant
    }

    public var maximumFrameLength: Int { 32 }

    public func canStart(with byte: UInt8) -> Bool {
        byte == 0x40 || byte == 0x42 || byte == 0x68 || byte == 0xA5 || byte == 0x96
    }

    public func examine(_ bytes: ArraySlice<UInt8>) -> FrameExamination<HoneywellMessage> {
        let first = bytes.startIndex
        let start = bytes[first]
        guard bytes.count >= 2 else { return .needMoreData }
        let second = bytes[first + 1]
        switch start {
        case 0xA5: return second == 0xA5 ? .frame(length: 2, message: .acknowledgement) : .notAFrame
        case 0x96: return second == 0x96 ? .frame(length: 2, message: .negativeAcknowledgement) : .notAFrame
        case 0x42: return examineAutoSend(bytes)
        default: return examineShortFrame(bytes, start: start, length: second)
        }
    }

    private func examineAutoSend(_ bytes: ArraySlice<UInt8>) -> FrameExamination<HoneywellMessage> {
        let first = bytes.startIndex
        guard bytes[first + 1] == 0x4D else { return .notAFrame }
        guard bytes.count >= 4 else { return .needMoreData }
        guard bytes[first + 2] == 0x00, bytes[first + 3] == 0x1C else {
            let field = Int(bytes[first + 2]) << 8 | Int(bytes[first + 3])
            return .rejected(length: 4, kind: .invalidLength, reason: "auto-send length field \(field) is not 28")
        }
        guard bytes.count >= 32 else { return .needMoreData }
        let frame = ByteReader(bytes.prefix(32))
        let computed = frame.sum16(0..<30)
        let sent = frame.uint16(at: 30)
        guard computed == sent else {
            return .rejected(
                length: 32, kind: .checksum,
                reason: "checksum mismatch: computed \(Hex.word(computed)), frame says \(Hex.word(sent))")
        }
        let reading: HoneywellReading
        switch variant {
        case .s0:
            reading = HoneywellReading(
                source: .autoSend, pm25: Int(frame.uint16(at: 6)), pm10: Int(frame.uint16(at: 8)))
        case .c0:
            reading = HoneywellReading(
                source: .autoSend, pm1: Int(frame.uint16(at: 4)), pm25: Int(frame.uint16(at: 6)),
                pm4: Int(frame.uint16(at: 8)), pm10: Int(frame.uint16(at: 10)))
        }
        return .frame(length: 32, message: .reading(reading))
    }

    private func examineShortFrame(
        _ bytes: ArraySlice<UInt8>, start: UInt8, length: UInt8
    ) -> FrameExamination<HoneywellMessage> {
        guard bytes.count >= 3 else { return .needMoreData }
        let command = bytes[bytes.startIndex + 2]
        let known: Bool
        switch (start, length, command) {
        case (0x40, 5, 0x04), (0x40, 13, 0x04), (0x40, 2, 0x10): known = true
        case (0x68, 1, 0x01), (0x68, 1, 0x02), (0x68, 1, 0x04), (0x68, 1, 0x10), (0x68, 1, 0x20), (0x68, 1, 0x40),
            (0x68, 2, 0x08):
            known = true
        default: known = false
        }
        guard known else { return .notAFrame }
        let total = Int(length) + 3
        guard bytes.count >= total else { return .needMoreData }
        let frame = ByteReader(bytes.prefix(total))
        let computed = Self.checksum(of: frame.bytes[0..<(total - 1)])
        let sent = frame[total - 1]
        guard computed == sent else {
            return .rejected(
                length: total, kind: .checksum,
                reason: "checksum mismatch: computed \(Hex.byte(computed)), frame says \(Hex.byte(sent))")
        }
        let data = Array(frame.bytes[3..<(total - 1)])
        if start == 0x68 {
            guard let command = HoneywellCommand(code: command, data: data) else { return .notAFrame }
            return .frame(length: total, message: .command(command))
        }
        if command == 0x10 { return .frame(length: total, message: .adjustmentCoefficient(Int(data[0]))) }
        let reading: HoneywellReading
        if length == 5 {
            reading = HoneywellReading(
                source: .readReply, pm25: Int(frame.uint16(at: 3)), pm10: Int(frame.uint16(at: 5)))
        } else {
            reading = HoneywellReading(
                source: .readReply, pm1: Int(frame.uint16(at: 3)), pm25: Int(frame.uint16(at: 5)),
                pm4: Int(frame.uint16(at: 7)), pm10: Int(frame.uint16(at: 9)))
        }
        return .frame(length: total, message: .reading(reading))
    }

    /// (65536 - sum) mod 256 of `bytes`.
    static func checksum(of bytes: some Sequence<UInt8>) -> UInt8 {
        var sum: UInt8 = 0
        for byte in bytes { sum &+= byte }
        return 0 &- sum
    }

    /// A short frame: `start LEN command data CS`.
    static func frame(start: UInt8, command: UInt8, data: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = [start, UInt8(truncatingIfNeeded: data.count + 1), command] + data
        bytes.append(checksum(of: bytes))
        return bytes
    }
}

/// A streaming decoder of Honeywell HPMA115 frames.
public typealias HoneywellFrameDecoder = FrameDecoder<HoneywellCodec>

extension FrameDecoder where Codec == HoneywellCodec {
    /// A decoder of `variant` readings, acknowledgements and host commands.
    public init(variant: HoneywellVariant) {
        self.init(codec: HoneywellCodec(variant: variant))
    }
}
