/// The SDS011 framing rules for ``FrameDecoder``: `AA`, a type byte (C0 data and C5 reply: 10 bytes; B4 host
/// command: 19 bytes), an 8-bit sum of the payload, and the `AB` trailer.
public struct SDS011Codec: FrameCodec {
    /// A codec.
    public init() {}

    public var maximumFrameLength: Int { 19 }

    public func canStart(with byte: UInt8) -> Bool { byte == 0xAA }

    public func examine(_ bytes: ArraySlice<UInt8>) -> FrameExamination<SDS011Message> {
        guard bytes.count >= 2 else { return .needMoreData }
        let type = bytes[bytes.startIndex + 1]
        let length: Int
        switch type {
        case 0xC0, 0xC5: length = 10
        case 0xB4: length = 19
        default: return .notAFrame
        }
        guard bytes.count >= length else { return .needMoreData }
        let frame = ByteReader(bytes.prefix(length))
        let computed = frame.sum8(2..<(length - 2))
        let sent = frame[length - 2]
        guard computed == sent else {
            return .rejected(
                length: length, kind: .checksum,
                reason: "checksum mismatch: computed \(Hex.byte(computed)), frame says \(Hex.byte(sent))")
        }
        guard frame[length - 1] == 0xAB else {
            return .rejected(
                length: length, kind: .malformed,
                reason: "trailer byte is \(Hex.byte(frame[length - 1])), not 0xab")
        }
        let id = SDS011DeviceID(frame[length - 4], frame[length - 3])
        switch type {
        case 0xC0:
            let reading = SDS011Reading(
                pm25Tenths: frame.uint16LittleEndian(at: 2), pm10Tenths: frame.uint16LittleEndian(at: 4), deviceID: id)
            return .frame(length: length, message: .data(reading))
        case 0xC5:
            let reply = SDS011Reply(subcommand: frame[2], values: [frame[3], frame[4], frame[5]], deviceID: id)
            return .frame(length: length, message: .reply(reply))
        default:
            let command = SDS011Command(subcommand: frame[2], data: (3..<15).map { frame[$0] })
            return .frame(length: length, message: .command(SDS011Request(command, target: id)))
        }
    }

    /// A 10-byte sensor frame of `type` around a 6-byte payload, with checksum and trailer.
    static func frame(type: UInt8, payload: [UInt8]) -> [UInt8] {
        let payload = Array((payload + [UInt8](repeating: 0, count: 6)).prefix(6))
        var bytes: [UInt8] = [0xAA, type] + payload
        bytes.append(ByteReader(bytes).sum8(2..<8))
        bytes.append(0xAB)
        return bytes
    }
}

/// A streaming decoder of SDS011 frames.
public typealias SDS011FrameDecoder = FrameDecoder<SDS011Codec>

extension FrameDecoder where Codec == SDS011Codec {
    /// A decoder of SDS011 data frames, replies and host commands.
    public init() {
        self.init(codec: SDS011Codec())
    }
}
