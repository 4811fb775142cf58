import POSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Blocks the calling thread (never a cooperative-pool thread) for `microseconds`.
func blockingSleep(microseconds: Int64) {
    var request = timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int((microseconds % 1_000_000) * 1000))
    var remaining = timespec()
    // After an interruption, sleep what is left.
    _ = try? SystemCall.run("nanosleep") { () -> Int32 in
        defer { request = remaining }
        return nanosleep(&request, &remaining)
    }
}
