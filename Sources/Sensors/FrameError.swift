/// Something a decoder could not accept, with where it was in the stream and the bytes involved.
public struct FrameError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: String, Sendable, Hashable {
        /// The checksum or CRC does not match the frame.
        case checksum
        /// The length field (or the frame size) is not one this sensor sends.
        case invalidLength = "invalid_length"
        /// The frame is structurally wrong in another way (trailer byte, unknown type).
        case malformed
        /// The input ended inside a frame.
        case truncated
        /// Bytes that belong to no frame (noise after power-up, a torn frame, line noise).
        case unexpectedBytes = "unexpected_bytes"
    }

    /// What went wrong.
    public let kind: Kind
    /// A sentence for people, e.g. `checksum mismatch: computed 0x03c5, frame says 0x0000`.
    public let reason: String
    /// Offset of the first byte concerned, counted from the first byte the decoder was given.
    public let offset: Int
    /// The bytes concerned (for a rejected frame, the bytes it claimed that had arrived; for unexpected
    /// bytes, at most the first 64).
    public let bytes: [UInt8]

    /// An error.
    public init(kind: Kind, reason: String, offset: Int, bytes: [UInt8]) {
        self.kind = kind
        self.reason = reason
        self.offset = offset
        self.bytes = bytes
    }

    public var description: String { "\(reason) (at byte \(offset))" }
}
