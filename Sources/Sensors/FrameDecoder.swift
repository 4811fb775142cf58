/// A streaming decoder: bytes in, in any chunking, messages and recovered errors out.
///
/// Feed bytes with ``append(_:)`` and drain events with ``next()``, which answers nil when it needs more data
/// (swift-nio's decoder shape). At every position where the codec sees a possible frame start it asks the codec;
/// a rejected frame costs one byte, and scanning resumes at the next byte, so a valid frame hidden inside garbage
/// or inside a torn frame is still found. The decoder never yields a message the codec did not validate, never
/// traps on any input, and holds at most ``FrameCodec/maximumFrameLength`` bytes plus one chunk.
public struct FrameDecoder<Codec: FrameCodec>: Sendable {
    /// The protocol rules.
    public let codec: Codec
    /// What the decoder has seen so far.
    public private(set) var statistics = DecoderStatistics()
    /// Stream offset of the first byte of the last message ``next()`` returned.
    public private(set) var lastMessageOffset = 0

    private var buffer: [UInt8] = []
    private var start = 0
    /// Stream offset of `buffer[start]`.
    private var offset = 0
    /// Rejected frames reported so far cover the stream up to (not including) this offset; bytes before it
    /// are not reported again as unexpected bytes, and rejected frames starting before it are not reported.
    private var coveredUntil = 0
    /// Whether the last byte handled was discarded (for counting resyncs once per run).
    private var discarding = false
    /// Unexpected bytes waiting to be reported: offset of the first, count, and up to 64 of them.
    private var garbage: (offset: Int, count: Int, preview: [UInt8])?
    /// Whether ``endInput()`` was called: no more bytes will come.
    private var inputEnded = false

    /// A decoder with `codec`'s rules.
    public init(codec: Codec) {
        self.codec = codec
    }

    /// Bytes received but not yet decoded or discarded.
    public var pendingByteCount: Int { buffer.count - start }

    /// Adds bytes received from the sensor.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        let before = buffer.count
        buffer.append(contentsOf: bytes)
        statistics.bytesReceived += buffer.count - before
    }

    /// The next message or error, or nil when more bytes are needed.
    public mutating func next() -> DecodeEvent<Codec.Message>? {
        while start < buffer.count {
            let byte = buffer[start]
            guard codec.canStart(with: byte) else {
                discardOne()
                continue
            }
            switch codec.examine(buffer[start...]) {
            case .needMoreData:
                if buffer.count - start >= codec.maximumFrameLength {
                    // A codec that cannot decide with a maximal frame in hand is treated as "not a frame".
                    discardOne()
                    continue
                }
                guard inputEnded else {
                    compact()
                    return nil
                }
                // The input ended inside a frame: report it once, then look for complete frames inside it.
                if offset < coveredUntil {
                    discardOne()
                    continue
                }
                if let pending = takeGarbage() { return .error(pending) }
                let have = buffer.count - start
                let error = FrameError(
                    kind: .truncated, reason: "input ends inside a frame (\(have) bytes from its start)",
                    offset: offset,
                    bytes: Array(buffer[start...]))
                statistics.truncatedFrames += 1
                coveredUntil = offset + have
                discardOne()
                return .error(error)
            case .notAFrame:
                discardOne()
            case .rejected(let length, let kind, let reason):
                if offset < coveredUntil {
                    // Inside a frame already reported as rejected: one report per torn region is enough.
                    discardOne()
                    continue
                }
                if let pending = takeGarbage() { return .error(pending) }
                let end = min(buffer.count, start + max(1, length))
                let error = FrameError(kind: kind, reason: reason, offset: offset, bytes: Array(buffer[start..<end]))
                count(kind)
                coveredUntil = max(coveredUntil, offset + max(1, length))
                discardOne()
                return .error(error)
            case .frame(let length, let message):
                if let pending = takeGarbage() { return .error(pending) }
                let size = max(1, min(length, buffer.count - start))
                statistics.frames += 1
                statistics.bytesInFrames += size
                lastMessageOffset = offset
                start += size
                offset += size
                discarding = false
                compact()
                return .message(message)
            }
        }
        compact()
        if inputEnded, let pending = takeGarbage() { return .error(pending) }
        return nil
    }

    /// Marks the end of the input: from now on ``next()`` reports a frame cut off at the end as truncated
    /// (still finding complete frames inside it) and trailing unexpected bytes, instead of waiting for more.
    public mutating func endInput() {
        inputEnded = true
    }

    /// Appends `bytes` and returns every event they complete.
    public mutating func decode(_ bytes: some Sequence<UInt8>) -> [DecodeEvent<Codec.Message>] {
        append(bytes)
        var events: [DecodeEvent<Codec.Message>] = []
        while let event = next() { events.append(event) }
        return events
    }

    /// Ends the input and returns the remaining events (see ``endInput()``); the decoder is then empty and
    /// ready for a new stream.
    public mutating func finish() -> [DecodeEvent<Codec.Message>] {
        endInput()
        var events: [DecodeEvent<Codec.Message>] = []
        while let event = next() { events.append(event) }
        inputEnded = false
        return events
    }

    /// Drops every pending byte (counted as skipped), e.g. after the driver flushed the port to resync.
    public mutating func reset() {
        let pending = buffer.count - start
        if pending > 0 {
            if !discarding { statistics.resyncs += 1 }
            statistics.bytesSkipped += pending
            offset += pending
        }
        buffer.removeAll(keepingCapacity: true)
        start = 0
        garbage = nil
        discarding = false
        coveredUntil = offset
    }

    private mutating func discardOne() {
        if !discarding {
            statistics.resyncs += 1
            discarding = true
        }
        statistics.bytesSkipped += 1
        if offset >= coveredUntil {
            if var run = garbage {
                run.count += 1
                if run.preview.count < 64 { run.preview.append(buffer[start]) }
                garbage = run
            } else {
                garbage = (offset, 1, [buffer[start]])
            }
        }
        start += 1
        offset += 1
    }

    private mutating func takeGarbage() -> FrameError? {
        guard let run = garbage else { return nil }
        garbage = nil
        let noun = run.count == 1 ? "byte" : "bytes"
        return FrameError(
            kind: .unexpectedBytes, reason: "skipped \(run.count) \(noun) outside any frame", offset: run.offset,
            bytes: run.preview)
    }

    private mutating func count(_ kind: FrameError.Kind) {
        switch kind {
        case .checksum: statistics.checksumErrors += 1
        case .invalidLength: statistics.lengthErrors += 1
        case .malformed: statistics.malformedFrames += 1
        case .truncated: statistics.truncatedFrames += 1
        case .unexpectedBytes: break
        }
    }

    private mutating func compact() {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: buffer.capacity <= 4096)
            start = 0
        } else if start >= 4096 && start * 2 >= buffer.count {
            // Amortised: the bytes moved are never more than the bytes consumed since the last move.
            buffer.removeFirst(start)
            start = 0
        }
    }
}
