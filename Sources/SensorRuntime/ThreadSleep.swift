#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Blocks the calling thread (never a cooperative-pool thread) for `microseconds`.
func blockingSleep(microseconds: Int64) {
    var request = timespec(tv_sec: Int(microseconds / 1_000_000), tv_nsec: Int((microseconds % 1_000_000) * 1000))
    var remaining = timespec()
    while nanosleep(&request, &remaining) == -1, errno == EINTR {
        request = remaining
    }
}
