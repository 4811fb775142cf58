#if canImport(Glibc)
    import Glibc
#endif

/// A failed system or libgpiod call: which call, and the `errno` it left.
///
/// The GPIO layer turns these into ``GPIOError``s that say what a user can do; this type keeps the raw cause.
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The call that failed, e.g. `gpiod_chip_open` or `opendir`.
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

    /// The symbolic name and meaning of the code, e.g. `EBUSY (device or resource busy)`.
    public var reason: String {
        switch code {
        case ENOENT: "ENOENT (no such file or directory)"
        case EACCES: "EACCES (permission denied)"
        case EPERM: "EPERM (operation not permitted)"
        case EBUSY: "EBUSY (device or resource busy)"
        case ENODEV: "ENODEV (no such device)"
        case ENOTTY: "ENOTTY (not a GPIO character device)"
        case ENXIO: "ENXIO (no such device or address)"
        case EINVAL: "EINVAL (invalid argument)"
        case EIO: "EIO (input/output error)"
        case ENOMEM: "ENOMEM (out of memory)"
        case ENOTDIR: "ENOTDIR (not a directory)"
        default: "errno \(code)"
        }
    }

    public var description: String { "\(call): \(reason)" }
}
