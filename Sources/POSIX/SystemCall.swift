#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The one way the station makes system calls: each call is retried while a signal interrupts it (`EINTR`),
/// and a failure becomes a ``SystemError`` that names the call (swift-system's `valueOrErrno` with
/// `retryOnInterrupt`, swift-nio's syscall helper).
///
/// ```swift
/// let descriptor = try SystemCall.run("open(\(path))") { open(path, O_RDONLY | O_CLOEXEC) }
/// try SystemCall.check("pthread_create") { pthread_create(&thread, nil, start, context) }
/// ```
public enum SystemCall {
    /// Runs `body`, a call that returns -1 and sets `errno` on failure (`open`, `read`, `poll`, `sem_wait`...),
    /// again while it fails with `EINTR` (unless `retryOnInterrupt` is false), and returns its result.
    ///
    /// - Parameter call: the call's name and main argument for the error, e.g. `read(/dev/ttyAMA0)`; only
    ///   evaluated on failure.
    /// - Throws: ``SystemError`` of `call` with the `errno` the failure left.
    @discardableResult
    public static func run<Result: BinaryInteger>(
        _ call: @autoclosure () -> String, retryOnInterrupt: Bool = true, _ body: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code == EINTR && retryOnInterrupt { continue }
            throw SystemError(call: call(), code: code)
        }
    }

    /// Runs `body`, a call that returns 0 on success and the error number itself on failure (the pthread
    /// functions, `clock_nanosleep`, `posix_spawn`), again while it returns `EINTR` (unless
    /// `retryOnInterrupt` is false).
    ///
    /// - Throws: ``SystemError`` of `call` with the returned error number.
    public static func check(
        _ call: @autoclosure () -> String, retryOnInterrupt: Bool = true, _ body: () -> Int32
    ) throws(SystemError) {
        while true {
            let code = body()
            if code == 0 { return }
            if code == EINTR && retryOnInterrupt { continue }
            throw SystemError(call: call(), code: code)
        }
    }

    /// Writes every byte of `bytes` to `descriptor`, continuing after short writes and interruptions.
    ///
    /// For blocking descriptors (files, standard output and error, pipes without `O_NONBLOCK`): `EAGAIN` is
    /// an error here, not a wait.
    ///
    /// - Parameter call: names the call in the error, e.g. `write(/var/lib/breeze/state.json.tmp)`.
    /// - Throws: ``SystemError`` of `call` when a write fails (`EPIPE`, `ENOSPC`, `EBADF`...).
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8], call: @autoclosure () -> String = "write")
        throws(SystemError)
    {
        var offset = 0
        while offset < bytes.count {
            offset += try run(call()) {
                bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            }
        }
    }

    /// Sends every byte of `bytes` on the connected socket `socket` (`send(2)` with `MSG_NOSIGNAL`, so a peer
    /// that has gone away is an `EPIPE` error, never a SIGPIPE), continuing after short sends and
    /// interruptions.
    ///
    /// - Throws: ``SystemError`` of `call` when a send fails (`EPIPE`, `ECONNRESET`...).
    public static func sendAll(_ socket: Int32, _ bytes: [UInt8], call: @autoclosure () -> String = "send")
        throws(SystemError)
    {
        var offset = 0
        while offset < bytes.count {
            offset += try run(call()) {
                bytes[offset...].withUnsafeBytes { send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            }
        }
    }

    /// Reads `descriptor` to its end, at most `limit` bytes (one more is read to tell "exactly `limit`" from
    /// "more"), and returns what it read and whether the end was reached within the limit.
    ///
    /// - Parameter call: names the call in the error, e.g. `read(/etc/breeze-station/config.json)`.
    /// - Throws: ``SystemError`` of `call` when a read fails.
    public static func readToEnd(
        _ descriptor: Int32, limit: Int, call: @autoclosure () -> String = "read"
    ) throws(SystemError) -> (bytes: [UInt8], complete: Bool) {
        // One byte past the limit tells "exactly `limit`" from "more" (a file may grow while it is read).
        let capacity = limit < Int.max ? max(limit, 0) + 1 : limit
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: min(64 * 1024, capacity))
        while bytes.count < capacity {
            let wanted = min(chunk.count, capacity - bytes.count)
            let count = try run(call()) {
                chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, wanted) }
            }
            if count == 0 { return (bytes, true) }
            bytes += chunk[0..<count]
        }
        if bytes.count <= limit { return (bytes, true) }
        bytes.removeSubrange(limit...)
        return (bytes, false)
    }
}
