#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A failed system call (or C-library call that reports through `errno`): which call, and the `errno` it left.
///
/// `call` names the call and, where it helps, its main argument (`open(/dev/ttyUSB0)`, `gpiod_chip_open`);
/// layers above turn this into errors worded for the person who has to act (``description`` is for logs).
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, with its main argument where it helps, e.g. `open(/dev/ttyUSB0)` or `opendir`.
    public let call: String
    /// The `errno` value, e.g. `EBUSY` (16 on Linux).
    public let code: Int32

    /// An error of `call` with `errno` `code`.
    public init(call: String, code: Int32) {
        self.call = call
        self.code = code
    }

    /// The error of `call` with the calling thread's current `errno`. Read it straight after the call.
    public static func current(_ call: String) -> SystemError {
        SystemError(call: call, code: errno)
    }

    /// Whether the error means the caller lacks permission (`EACCES` or `EPERM`).
    public var isPermissionDenied: Bool { code == EACCES || code == EPERM }

    /// The C library's text for the code (`strerror`), e.g. `No such file or directory`.
    public var message: String { String(cString: strerror(code)) }

    /// The code's symbolic name, e.g. `ENOENT`; `errno 135` for a code without one here.
    public var name: String { Self.names[code] ?? "errno \(code)" }

    /// The symbolic name and meaning, e.g. `ENOENT (no such file or directory)`: for messages that already
    /// say which call failed.
    public var reason: String {
        let text = message
        guard let first = text.first else { return name }
        return "\(name) (\(first.lowercased())\(text.dropFirst()))"
    }

    /// `gpiod_set_values: ENODEV (no such device)`: the call and ``reason``, for messages that already say
    /// what was being done.
    public var summary: String { "\(call): \(reason)" }

    /// `open(/dev/x): No such file or directory (errno 2)`.
    public var description: String { "\(call): \(message) (errno \(code))" }

    /// The names of the codes a station meets (files, devices, sockets, threads); Linux numbering.
    private static let names: [Int32: String] = [
        EPERM: "EPERM", ENOENT: "ENOENT", ESRCH: "ESRCH", EINTR: "EINTR", EIO: "EIO", ENXIO: "ENXIO",
        E2BIG: "E2BIG", EBADF: "EBADF", ECHILD: "ECHILD", EAGAIN: "EAGAIN", ENOMEM: "ENOMEM", EACCES: "EACCES",
        EFAULT: "EFAULT", EBUSY: "EBUSY", EEXIST: "EEXIST", EXDEV: "EXDEV", ENODEV: "ENODEV", ENOTDIR: "ENOTDIR",
        EISDIR: "EISDIR", EINVAL: "EINVAL", ENFILE: "ENFILE", EMFILE: "EMFILE", ENOTTY: "ENOTTY", EFBIG: "EFBIG",
        ENOSPC: "ENOSPC", ESPIPE: "ESPIPE", EROFS: "EROFS", EPIPE: "EPIPE", ERANGE: "ERANGE",
        EDEADLK: "EDEADLK", ENAMETOOLONG: "ENAMETOOLONG", ENOSYS: "ENOSYS", ENOTEMPTY: "ENOTEMPTY",
        ELOOP: "ELOOP", ENOTSUP: "ENOTSUP", EADDRINUSE: "EADDRINUSE", EADDRNOTAVAIL: "EADDRNOTAVAIL",
        ENETUNREACH: "ENETUNREACH", ECONNABORTED: "ECONNABORTED", ECONNRESET: "ECONNRESET", ENOBUFS: "ENOBUFS",
        ENOTCONN: "ENOTCONN", ETIMEDOUT: "ETIMEDOUT", ECONNREFUSED: "ECONNREFUSED", EHOSTUNREACH: "EHOSTUNREACH",
        EALREADY: "EALREADY", EINPROGRESS: "EINPROGRESS", EREMOTEIO: "EREMOTEIO", EDQUOT: "EDQUOT",
        EOVERFLOW: "EOVERFLOW", ECANCELED: "ECANCELED",
    ]
}
