public import LEDs
import Synchronization

/// The recording backend for displays: keeps every frame of duty cycles with its time. Thread-safe.
public final class RecordingLEDDisplay: LEDDisplay, Sendable {
    /// One frame.
    public struct Frame: Sendable, Hashable {
        /// When, in the clock's nanoseconds.
        public let nanoseconds: Int64
        /// The duty cycle of every line, 0...1.
        public let duties: [Double]
    }

    public let lineCount: Int
    private let clock: @Sendable () -> Int64
    private let state = Mutex((frames: [Frame](), closed: false))

    /// A recorder of `lineCount` LEDs, timestamping frames with `clock` (monotonic nanoseconds by default).
    public init(lineCount: Int, clock: @escaping @Sendable () -> Int64 = { MonotonicClock.now() }) {
        self.lineCount = lineCount
        self.clock = clock
    }

    public func show(_ duties: [Double]) throws {
        let now = clock()
        state.withLock { $0.frames.append(Frame(nanoseconds: now, duties: duties)) }
    }

    public func close() { state.withLock { $0.closed = true } }

    /// Every frame so far.
    public var frames: [Frame] { state.withLock { $0.frames } }

    /// Whether the display was closed.
    public var isClosed: Bool { state.withLock { $0.closed } }
}
