/// The Plantower framing rules for ``FrameDecoder``: `42 4D`, then either a length field (the data frame of the
/// configured layout, or 4 for an acknowledgement) or a host command byte (0xE1, 0xE2, 0xE4); a 16-bit sum last.
public struct PlantowerCodec: FrameCodec {
    /// The data frame layout accepted (the length field of any other layout is rejected).
    public let variant: PlantowerVariant

    /// A codec for `variant`.
    public init(variant: PlantowerVariant) {
        self.variant = variant
    }

    public var maximumFrameLength: Int { max(variant.frameLength, 8) }

    public func canStart(with byte: UInt8) -> Bool { byte == 0x42 }

    private static let commandCodes: Set<UInt8> = [0xE1, 0xE2, 0xE4]

    public func examine(_ bytes: ArraySlice<UInt8>) -> FrameExamination<PlantowerMessage> {
        let count = bytes.count
        let first = bytes.startIndex
        guard count >= 2 else { return .needMoreData }
        guard bytes[first + 1] == 0x4D else { return .notAFrame }
        guard count >= 3 else { return .needMoreData }
        let third = bytes[first + 2]
        if Self.commandCodes.contains(third) {
            guard count >= 7 else { return .needMoreData }
            let reader = ByteReader(bytes.prefix(7))
            let sent = reader.uint16(at: 5)
            let computed = reader.sum16(0..<5)
            guard sent == computed else {
                return .rejected(
                    length: 7, kind: .checksum,
                    reason: "command checksum mismatch: computed \(Hex.word(computed)), frame says \(Hex.word(sent))")
            }
            return .frame(length: 7, message: .command(PlantowerCommand(code: third, data: reader.uint16(at: 3))))
        }
        guard count >= 4 else { return .needMoreData }
        let lengthField = Int(third) << 8 | Int(bytes[first + 3])
        let total: Int
        switch lengthField {
        case variant.lengthField: total = variant.frameLength
        case 4: total = 8
        default:
            return .rejected(
                length: 4, kind: .invalidLength,
                reason: "length field \(lengthField) is neither \(variant.lengthField) (a \(variant.frameLength)-byte "
                    + "data frame) nor 4 (an acknowledgement)")
        }
        guard count >= total else { return .needMoreData }
        let frame = Array(bytes.prefix(total))
        let reader = ByteReader(frame)
        let sent = reader.uint16(at: total - 2)
        let computed = reader.sum16(0..<(total - 2))
        guard sent == computed else {
            return .rejected(
                length: total, kind: .checksum,
                reason: "checksum mismatch: computed \(Hex.word(computed)), frame says \(Hex.word(sent))")
        }
        if total == 8 {
            return .frame(
                length: 8, message: .acknowledgement(PlantowerAcknowledgement(command: frame[4], data: frame[5])))
        }
        guard let data = PlantowerFrame(unchecked: frame, variant: variant) else {
            return .rejected(length: total, kind: .malformed, reason: "not a \(variant.frameLength)-byte data frame")
        }
        return .frame(length: total, message: .data(data))
    }
}

/// A streaming decoder of Plantower frames.
public typealias PlantowerFrameDecoder = FrameDecoder<PlantowerCodec>

extension FrameDecoder where Codec == PlantowerCodec {
    /// A decoder of `variant` data frames, acknowledgements and host commands.
    public init(variant: PlantowerVariant) {
        self.init(codec: PlantowerCodec(variant: variant))
    }
}
