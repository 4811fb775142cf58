public import LEDs
import Synchronization

/// The recording backend for lines: keeps every bulk write with its time, for tests and the PWM benchmark.
/// Thread-safe: the render thread writes, a test reads.
public final class RecordingLEDLines: LEDLineOutput, Sendable {
    /// One write.
    public struct Write: Sendable, Hashable {
        /// When, in the clock's nanoseconds.
        public let nanoseconds: Int64
        /// The logical value of every line.
        public let values: [Bool]
    }

    private struct State {
        var writes: [Write] = []
        var closed = false
        var failure: (any Error & Sendable)?
    }

    public let lineCount: Int
    private let clock: @Sendable () -> Int64
    private let state = Mutex(State())

    /// A recorder of `lineCount` lines, timestamping writes with `clock` (monotonic nanoseconds by default).
    public init(lineCount: Int, clock: @escaping @Sendable () -> Int64 = { MonotonicClock.now() }) {
        self.lineCount = lineCount
        self.clock = clock
    }

    public func set(_ values: [Bool]) throws {
        let now = clock()
        try state.withLock { state throws in
            if let failure = state.failure { throw failure }
            state.writes.append(Write(nanoseconds: now, values: values))
        }
    }

    public func close() { state.withLock { $0.closed = true } }

    /// Every write so far.
    public var writes: [Write] { state.withLock { $0.writes } }

    /// The number of writes so far.
    public var writeCount: Int { state.withLock { $0.writes.count } }

    /// Whether the lines were released.
    public var isClosed: Bool { state.withLock { $0.closed } }

    /// The values last written, nil before the first write.
    public var current: [Bool]? { state.withLock { $0.writes.last?.values } }

    /// Makes following writes throw `error` (nil heals): a chip that went away.
    public func fail(with error: (any Error & Sendable)?) { state.withLock { $0.failure = error } }

    /// The nanoseconds line `line` was on between `start` and `end`, from the writes.
    public func onTime(line: Int, from start: Int64, to end: Int64) -> Int64 {
        let writes = self.writes
        var total: Int64 = 0
        var on = false
        var since = start
        for write in writes {
            if write.nanoseconds >= end { break }
            let at = max(write.nanoseconds, start)
            if on { total += at - since }
            on = write.values[line]
            since = at
        }
        if on { total += end - since }
        return total
    }
}
