import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// `CLOCK_MONOTONIC` in nanoseconds: the time base of PWM (the wall clock may jump when NTP syncs).
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary point (boot).
    public static func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    /// Sleeps until `deadline` (nanoseconds on this clock), retrying when a signal interrupts.
    public static func sleep(until deadline: Int64) {
        var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
        // The absolute deadline makes a retry after an interruption sleep only what is left.
        _ = try? SystemCall.check("clock_nanosleep") { clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil) }
    }

    /// A `timespec` for `deadline` nanoseconds.
    static func timespecFor(_ deadline: Int64) -> timespec {
        timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
    }
}
