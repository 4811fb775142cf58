public import FoundationEssentials

/// The real wall clock.
///
/// Sleeping is done in slices on the monotonic clock and re-checked against the wall clock, because a
/// Raspberry Pi has no RTC: at boot its wall clock jumps forward when NTP syncs (sometimes by years), and a
/// single long monotonic sleep computed before the jump would wake at the wrong wall time.
public struct SystemClock: StationClock {
    /// The longest single monotonic sleep before the wall clock is read again.
    public static let maximumSlice: Duration = .seconds(5)

    /// A system clock.
    public init() {}

    public var now: Date { Date() }

    public var isRealTime: Bool { true }

    public func sleep(until deadline: Date) async throws {
        while true {
            let remaining = deadline.timeIntervalSince(Date())
            if remaining <= 0 {
                try Task.checkCancellation()
                return
            }
            let slice = min(Duration.interval(remaining), Self.maximumSlice)
            try await Task.sleep(for: slice)
        }
    }

    /// Sleeps on the monotonic clock: an interval is elapsed time, so a wall-clock step back (NTP after weeks
    /// offline) must not stretch it (the watchdog's pings would stop and systemd would kill the station).
    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
