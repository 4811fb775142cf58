public import FoundationEssentials

/// The station's source of time: wall-clock time for timestamps, and sleeping until a wall-clock deadline.
///
/// Everything that is timed takes a clock, so the whole pipeline runs in tests on a ``ManualClock`` (hours
/// in milliseconds) and never calls `Date()` or sleeps on its own.
public protocol StationClock: Sendable {
    /// The current wall-clock time.
    var now: Date { get }

    /// Suspends until `deadline` has passed on this clock, or throws `CancellationError` when the task is
    /// cancelled first.
    func sleep(until deadline: Date) async throws

    /// Suspends for `duration` of elapsed time (intervals, backoffs, watchdog pings), or throws
    /// `CancellationError` when the task is cancelled first. A wall-clock step (NTP correcting a board
    /// without an RTC) neither lengthens nor shortens it.
    func sleep(for duration: Duration) async throws

    /// Whether this clock's time is the system's real time, so a wait until one of its deadlines may be done
    /// by whatever already sleeps in the kernel (a serial port's poll(2) timeout) instead of ``sleep(until:)``.
    /// False for test and accelerated clocks, whose time only their own sleep knows.
    var isRealTime: Bool { get }
}

extension StationClock {
    public var isRealTime: Bool { false }

    /// Suspends for `duration` of this clock's time: until `now + duration` (test clocks, whose time only
    /// moves when told).
    public func sleep(for duration: Duration) async throws {
        try await sleep(until: now.adding(duration))
    }
}

extension StationClock {
    /// Sleeps until the next beat of a cadence (publish every minute) at `deadline`, as elapsed time: one
    /// ``sleep(for:)`` of the time left, at most `limit` (the cadence's interval). For a beat that is a span of
    /// time, not a moment of the wall clock: ``sleep(until:)`` on the system clock re-reads the wall clock
    /// every 5 s (four thread wake-ups each time), and a wall clock stepped back (NTP after weeks offline)
    /// cannot stretch the sleep beyond `limit`.
    public func sleep(toward deadline: Date, atMost limit: Duration) async throws {
        let left = Duration.interval(deadline.timeIntervalSince(now))
        try await sleep(for: min(max(left, .zero), max(limit, .zero)))
    }
}

extension Date {
    /// This date moved by a Swift `Duration`.
    public func adding(_ duration: Duration) -> Date {
        addingTimeInterval(duration.timeInterval)
    }
}

extension Duration {
    /// The duration in seconds, as a `TimeInterval`.
    public var timeInterval: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// A duration from seconds given as a floating-point number.
    /// Checked: beyond ±292 years (or infinite) the longest duration of that sign, NaN none at all.
    public static func interval(_ seconds: Double) -> Duration {
        let nanoseconds = (seconds * 1e9).rounded()
        if let exact = Int64(exactly: nanoseconds) { return .nanoseconds(exact) }
        return nanoseconds > 0 ? .nanoseconds(Int64.max) : nanoseconds < 0 ? .nanoseconds(Int64.min) : .zero
    }
}
