import HTTPTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Waits until `condition` holds, up to `timeout` seconds, sleeping (not blocking a pool thread) between looks.
///
/// Polled on a thread of its own (offPool), not with Task.sleep: under suite load the cooperative pool is busy
/// with other suites, and a task resumed seconds late would look after the state it waits for has passed (the
/// header deadline has closed the slow clients by then).
func eventually(_ timeout: Double = 10, _ condition: @escaping @Sendable () -> Bool) async -> Bool {
    (try? await offPool { waitUntil(timeout, condition) }) ?? false
}

/// Waits on the calling thread until `condition` holds, up to `timeout` seconds: for a test that runs a whole
/// client sequence in one ``offPool(_:)`` closure, so no resumption on a busy cooperative pool sits between
/// opening connections and looking at the server (a gap longer than the inactivity timeout closes them).
func waitUntil(_ timeout: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = RawHTTPConnection.now() + timeout
    while RawHTTPConnection.now() < deadline {
        if condition() { return true }
        usleep(10_000)
    }
    return condition()
}
