#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#endif

/// An open file descriptor that is closed exactly once: by ``close()``, or when the value goes away.
///
/// Non-copyable, so no second owner can close the same number again. That matters because the kernel hands
/// the lowest free number to the next `open`, `socket` or `pipe` of any thread: a stray second `close` of a
/// number closes whatever another part of the process opened meanwhile. ``release()`` hands the number to
/// an owner outside Swift (a C library that closes it itself).
public struct FileDescriptor: ~Copyable, Sendable {
    /// The descriptor number, valid while this value lives.
    public let rawValue: Int32

    /// Takes ownership of `rawValue` (a descriptor no one else will close).
    public init(owning rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Opens `path` (`open(2)`, `O_CLOEXEC` always added); `mode` applies when `flags` has `O_CREAT`.
    ///
    /// - Throws: ``SystemError`` of `open(path)`.
    public init(opening path: String, _ flags: Int32, mode: mode_t = 0o644) throws(SystemError) {
        rawValue = try SystemCall.run("open(\(path))") { open(path, flags | O_CLOEXEC, mode) }
    }

    deinit {
        _ = Glibc.close(rawValue)
    }

    /// Closes the descriptor and reports the result (a deferred write error of NFS or a full disk shows
    /// here). Not retried on `EINTR`: on Linux the number is released even then, and closing it again
    /// could close another file that took the number.
    ///
    /// - Throws: ``SystemError`` of `close`.
    public consuming func close() throws(SystemError) {
        let raw = rawValue
        discard self
        if Glibc.close(raw) != 0, errno != EINTR { throw SystemError.current("close") }
    }

    /// Gives up ownership: the number stays open and is the caller's (or a C library's) to close.
    public consuming func release() -> Int32 {
        let raw = rawValue
        discard self
        return raw
    }

    /// Writes all of `bytes` (see `SystemCall.writeAll`).
    public func write(all bytes: [UInt8], call: @autoclosure () -> String = "write") throws(SystemError) {
        try SystemCall.writeAll(rawValue, bytes, call: call())
    }

    /// Reads to the end, at most `limit` bytes (see ``SystemCall/readToEnd(_:limit:call:)``).
    public func readToEnd(limit: Int = Int.max, call: @autoclosure () -> String = "read") throws(SystemError)
        -> (bytes: [UInt8], complete: Bool)
    {
        try SystemCall.readToEnd(rawValue, limit: limit, call: call())
    }

    /// Flushes the file's data and metadata to the device (`fsync(2)`).
    ///
    /// - Throws: ``SystemError`` of `call` (`EIO` when the device failed the write-back).
    public func sync(call: @autoclosure () -> String = "fsync") throws(SystemError) {
        try SystemCall.run(call()) { fsync(rawValue) }
    }
}
