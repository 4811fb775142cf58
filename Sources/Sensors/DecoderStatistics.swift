public import JSON

/// What a streaming decoder has seen since it was created. Counters only grow.
///
/// Invariant: `bytesReceived == bytesInFrames + bytesSkipped + pending bytes of the decoder`.
public struct DecoderStatistics: Sendable, Hashable {
    /// Bytes given to the decoder.
    public var bytesReceived = 0
    /// Valid frames (data, replies, acknowledgements, commands).
    public var frames = 0
    /// Bytes that were part of valid frames.
    public var bytesInFrames = 0
    /// Frames rejected for a checksum or CRC mismatch.
    public var checksumErrors = 0
    /// Frames rejected for a length the sensor does not send.
    public var lengthErrors = 0
    /// Frames rejected for another structural fault (trailer byte, unknown type).
    public var malformedFrames = 0
    /// Frames cut off by the end of the input (or by a reset of the decoder).
    public var truncatedFrames = 0
    /// Times the decoder had to discard bytes to find the next frame start (one per run of discarded bytes).
    public var resyncs = 0
    /// Bytes discarded while resynchronising (garbage, and the bytes of rejected frames).
    public var bytesSkipped = 0
    /// I²C transfers repeated because the sensor did not acknowledge (NACK).
    public var nackRetries = 0
    /// I²C reads repeated because the reply failed its CRC or checksum.
    public var crcRetries = 0

    /// All zero.
    public init() {}

    /// All frame errors together.
    public var frameErrors: Int { checksumErrors + lengthErrors + malformedFrames + truncatedFrames }

    /// The counters as JSON, with snake_case keys.
    public var json: JSONValue {
        [
            "bytes_received": .number(Double(bytesReceived)),
            "frames": .number(Double(frames)),
            "checksum_errors": .number(Double(checksumErrors)),
            "length_errors": .number(Double(lengthErrors)),
            "malformed_frames": .number(Double(malformedFrames)),
            "truncated_frames": .number(Double(truncatedFrames)),
            "resyncs": .number(Double(resyncs)),
            "bytes_skipped": .number(Double(bytesSkipped)),
        ]
    }

    /// The sum of two sets of counters (a driver keeps one per decoder it has used).
    public static func + (lhs: DecoderStatistics, rhs: DecoderStatistics) -> DecoderStatistics {
        var sum = DecoderStatistics()
        sum.bytesReceived = lhs.bytesReceived + rhs.bytesReceived
        sum.frames = lhs.frames + rhs.frames
        sum.bytesInFrames = lhs.bytesInFrames + rhs.bytesInFrames
        sum.checksumErrors = lhs.checksumErrors + rhs.checksumErrors
        sum.lengthErrors = lhs.lengthErrors + rhs.lengthErrors
        sum.malformedFrames = lhs.malformedFrames + rhs.malformedFrames
        sum.truncatedFrames = lhs.truncatedFrames + rhs.truncatedFrames
        sum.resyncs = lhs.resyncs + rhs.resyncs
        sum.bytesSkipped = lhs.bytesSkipped + rhs.bytesSkipped
        sum.nackRetries = lhs.nackRetries + rhs.nackRetries
        sum.crcRetries = lhs.crcRetries + rhs.crcRetries
        return sum
    }
}
