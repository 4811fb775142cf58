/// The Cubic PM1006 framing rules for ``FrameDecoder``: the sensor streams `16 11 0B`, 16 data bytes and a
/// checksum byte chosen so that all 20 bytes sum to 0 (mod 256).
///
/// The IKEA Vindriktning's own controller sends `11 02 0B 01 E1` to ask for a reading and the sensor answers
/// with this frame; a station listening on the Vindriktning's TX line just sees the answers, so the decoder
/// only recognises the sensor's frames (the request does not start with 0x16).
public struct PM1006Codec: FrameCodec {
    /// The three bytes every measurement frame starts with: header 0x16, length 0x11 (17), command 0x0B.
    public static let header: [UInt8] = [0x16, 0x11, 0x0B]
    /// A frame's length in bytes: header, length byte, 17 bytes (command + 16 data bytes), checksum.
    public static let frameLength = 20

    /// A codec.
    public init() {}

    public var maximumFrameLength: Int { Self.frameLength }

    public func canStart(with byte: UInt8) -> Bool { byte == 0x16 }

    public func examine(_ bytes: ArraySlice<UInt8>) -> FrameExamination<PM1006Reading> {
        let base = bytes.startIndex
        // Check the header bytes as they arrive, so garbage starting with 0x16 costs one byte, not a wait.
        for position in 1..<Self.header.count where position < bytes.count {
            guard bytes[base + position] == Self.header[position] else { return .notAFrame }
        }
        guard bytes.count >= Self.frameLength else { return .needMoreData }
        let frame = Array(bytes.prefix(Self.frameLength))
        let sum = frame.reduce(UInt8(0), &+)
        guard sum == 0 else {
            let expected = UInt8(0) &- frame[0..<19].reduce(UInt8(0), &+)
            return .rejected(
                length: Self.frameLength, kind: .checksum,
                reason: "checksum mismatch: the 20 bytes sum to \(Hex.byte(sum)), not 0 (checksum byte "
                    + "\(Hex.byte(frame[19])), expected \(Hex.byte(expected)))")
        }
        return .frame(length: Self.frameLength, message: PM1006Reading(dataBytes: Array(frame[3..<19])))
    }

    /// A complete 20-byte frame around the 16 data bytes (`DF1`…`DF16`), with its checksum.
    public static func frame(dataBytes: [UInt8]) -> [UInt8] {
        let data = Array((dataBytes + [UInt8](repeating: 0, count: 16)).prefix(16))
        var bytes = header + data
        bytes.append(UInt8(0) &- bytes.reduce(UInt8(0), &+))
        return bytes
    }
}

/// A streaming decoder of PM1006 frames.
public typealias PM1006FrameDecoder = FrameDecoder<PM1006Codec>

extension FrameDecoder where Codec == PM1006Codec {
    /// A decoder of PM1006 measurement frames.
    public init() {
        self.init(codec: PM1006Codec())
    }
}
