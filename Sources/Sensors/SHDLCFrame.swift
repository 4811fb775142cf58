/// A Sensirion SHDLC frame from a sensor (the SPS30's UART protocol): `7E ADR CMD STATE LEN DATA CHK 7E`,
/// bytes 7E/7D/11/13 stuffed as `7D (b ^ 0x20)`, CHK = 0xFF - (sum of ADR..DATA mod 256).
public struct SHDLCFrame: Sendable, Hashable {
    /// Device address (0 for an SPS30).
    public let address: UInt8
    /// The command answered (0x03: read measured values).
    public let command: UInt8
    /// Execution state (0 = no error).
    public let state: UInt8
    /// The payload, unstuffed.
    public let data: [UInt8]

    /// A frame.
    public init(address: UInt8, command: UInt8, state: UInt8, data: [UInt8]) {
        self.address = address
        self.command = command
        self.state = state
        self.data = data
    }

    /// The checksum over the unstuffed `ADR CMD STATE LEN DATA` bytes.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt8 {
        var sum: UInt8 = 0
        for byte in bytes { sum &+= byte }
        return 0xFF &- sum
    }

    /// The bytes on the wire, stuffed, with start and stop bytes.
    public var bytes: [UInt8] {
        let body = [address, command, state, UInt8(truncatingIfNeeded: data.count)] + data
        var wire: [UInt8] = [0x7E]
        for byte in body + [Self.checksum(body)] {
            if [0x7E, 0x7D, 0x11, 0x13].contains(byte) {
                wire += [0x7D, byte ^ 0x20]
            } else {
                wire.append(byte)
            }
        }
        wire.append(0x7E)
        return wire
    }

    /// For a read-measured-values answer (command 0x03, 40 bytes), the values.
    public var measurement: SPS30Measurement? {
        command == 0x03 ? SPS30Measurement.decode(shdlcData: data) : nil
    }
}

/// SHDLC framing for ``FrameDecoder``: from a `7E` to the next `7E`, unstuffed, length and checksum checked.
public struct SHDLCCodec: FrameCodec {
    /// A codec.
    public init() {}

    /// 5 header/trailer bytes and 255 data bytes, all stuffed, plus the two delimiters.
    public var maximumFrameLength: Int { 2 + 2 * 260 }

    public func canStart(with byte: UInt8) -> Bool { byte == 0x7E }

    public func examine(_ bytes: ArraySlice<UInt8>) -> FrameExamination<SHDLCFrame> {
        let first = bytes.startIndex
        guard bytes.count >= 2 else { return .needMoreData }
        // Two delimiters in a row: the first closed something else; the second may open a frame.
        guard bytes[first + 1] != 0x7E else { return .notAFrame }
        guard let stop = bytes[(first + 1)...].firstIndex(of: 0x7E) else {
            return bytes.count >= maximumFrameLength ? .notAFrame : .needMoreData
        }
        let length = stop - first + 1
        var body: [UInt8] = []
        var escaped = false
        for byte in bytes[(first + 1)..<stop] {
            if escaped {
                body.append(byte ^ 0x20)
                escaped = false
            } else if byte == 0x7D {
                escaped = true
            } else {
                body.append(byte)
            }
        }
        guard !escaped, body.count >= 5 else {
            return .rejected(length: length, kind: .malformed, reason: "SHDLC frame too short or ends in an escape")
        }
        let dataLength = Int(body[3])
        guard body.count == dataLength + 5 else {
            return .rejected(
                length: length, kind: .invalidLength,
                reason: "SHDLC length byte says \(dataLength) data bytes, frame has \(body.count - 5)")
        }
        let computed = SHDLCFrame.checksum(body.dropLast())
        guard computed == body[body.count - 1] else {
            return .rejected(
                length: length, kind: .checksum,
                reason: "SHDLC checksum mismatch: computed \(Hex.byte(computed)), "
                    + "frame says \(Hex.byte(body[body.count - 1]))"
            )
        }
        let frame = SHDLCFrame(
            address: body[0], command: body[1], state: body[2], data: Array(body[4..<(4 + dataLength)]))
        return .frame(length: length, message: frame)
    }
}
