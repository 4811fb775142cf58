/// Read-measured-values replies of an SPS30 for ``FrameDecoder`` (e.g. a file of captured replies). A reply has
/// no start marker, so every position is a candidate: a window is a frame when all of its words' CRCs hold
/// (20 CRC-8s for a float reply: a chance of 2⁻¹⁶⁰ that garbage passes), which also resynchronises after
/// garbage.
public struct SPS30Codec: FrameCodec {
    /// The reply format expected.
    public let format: SPS30MeasurementFormat

    /// A codec for `format` replies.
    public init(format: SPS30MeasurementFormat) {
        self.format = format
    }

    public var maximumFrameLength: Int { format.replyLength }

    public func canStart(with byte: UInt8) -> Bool { true }

    public func examine(_ bytes: ArraySlice<UInt8>) -> FrameExamination<SPS30Measurement> {
        let length = format.replyLength
        guard bytes.count >= length else { return .needMoreData }
        // Most candidate positions in garbage fail the first word's CRC: reject those without copying.
        let first = bytes.startIndex
        let crc = SensirionCRC8.checksum(bytes[first..<(first + 2)])
        guard crc == bytes[first + 2] else {
            return .rejected(
                length: length, kind: .checksum,
                reason: SensirionWordError.crc(word: 0, computed: crc, sent: bytes[first + 2]).description)
        }
        do {
            let measurement = try SPS30Measurement.decode(bytes.prefix(length), format: format)
            return .frame(length: length, message: measurement)
        } catch {
            return .rejected(length: length, kind: .checksum, reason: error.description)
        }
    }
}

/// A streaming decoder of SPS30 read-measured-values replies.
public typealias SPS30ReplyDecoder = FrameDecoder<SPS30Codec>

extension FrameDecoder where Codec == SPS30Codec {
    /// A decoder of `format` replies.
    public init(format: SPS30MeasurementFormat) {
        self.init(codec: SPS30Codec(format: format))
    }
}
