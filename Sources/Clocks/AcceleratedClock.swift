public import FoundationEssentials

/// A clock that starts at the wall time of its creation and then runs `rate` times faster than real time:
/// `breeze-station demo --speed 60` shows an hour of station life in a minute. Sleeping waits the real time
/// that corresponds (a station-time minute is one real second at rate 60).
///
/// Only for demonstrations: the time it reports runs ahead of the world's, so it is never given to anything
/// that talks to real services (Open-Meteo) or that must match the wall clock (the LEDs' night schedule).
public struct AcceleratedClock: StationClock {
    /// How many seconds of this clock pass per real second (≥ 1).
    public let rate: Double
    /// The wall time at creation, where this clock starts.
    public let origin: Date
    private let started: ContinuousClock.Instant

    /// A clock starting at `origin` (default: now) running `rate` times real time (values below 1 count as 1).
    public init(rate: Double, origin: Date = Date()) {
        self.rate = max(1, rate)
        self.origin = origin
        self.started = ContinuousClock.now
    }

    public var now: Date {
        let elapsed = ContinuousClock.now - started
        return origin.addingTimeInterval(elapsed.timeInterval * rate)
    }

    public func sleep(until deadline: Date) async throws {
        while true {
            let remaining = deadline.timeIntervalSince(now)
            if remaining <= 0 {
                try Task.checkCancellation()
                return
            }
            let real = Duration.interval(remaining / rate)
            try await Task.sleep(for: min(max(real, .microseconds(100)), SystemClock.maximumSlice))
        }
    }
}
