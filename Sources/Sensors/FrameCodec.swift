/// The protocol-specific half of a streaming decoder: recognises one frame at a candidate start.
///
/// A codec is pure and stateless. ``FrameDecoder`` does the buffering, resynchronisation and counting, and
/// asks the codec about the bytes at each position where a frame could start.
public protocol FrameCodec: Sendable {
    /// What a valid frame decodes to.
    associatedtype Message: Sendable

    /// The longest frame the codec accepts, in bytes. With this many bytes at a candidate start, ``examine(_:)``
    /// must decide (never answer ``FrameExamination/needMoreData``), which bounds the decoder's buffer.
    var maximumFrameLength: Int { get }

    /// Whether a frame can start with `byte`: a cheap filter before ``examine(_:)``.
    func canStart(with byte: UInt8) -> Bool

    /// Examines the bytes from a candidate frame start (at least one byte, for which ``canStart(with:)`` held).
    func examine(_ bytes: ArraySlice<UInt8>) -> FrameExamination<Message>
}

/// A codec's verdict on the bytes at a candidate frame start.
public enum FrameExamination<Message: Sendable>: Sendable {
    /// The bytes so far fit a frame; more are needed to decide.
    case needMoreData
    /// Not a frame start after all (e.g. the second start byte is wrong): the byte is skipped silently.
    case notAFrame
    /// A frame header, but the frame is invalid (bad length, checksum or trailer). `length` is how many bytes
    /// the frame claimed (for reporting); the decoder skips one byte and scans on, so a valid frame inside is
    /// still found.
    case rejected(length: Int, kind: FrameError.Kind, reason: String)
    /// A valid frame of `length` bytes.
    case frame(length: Int, message: Message)
}
