#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
public import POSIX
public import Sensors

extension TransportError {
    /// The driver's view of a system error on `device` (a tty, or an i2c-dev node when `i2c`): a missing node,
    /// a hang-up, a NACK, a busy or forbidden device, or anything else with its errno.
    public init(_ error: SystemError, device: String, i2c: Bool = false) {
        let call = error.call.contains(device) ? error.call : "\(device): \(error.call)"
        let detail = "\(call): \(error.message)"
        switch error.code {
        case ENOENT, ENODEV: self = .notFound(detail)
        case EACCES, EPERM: self = .permissionDenied(detail)
        case EBUSY: self = .busy(detail)
        case ETIMEDOUT: self = .timedOut(detail)
        case EOPNOTSUPP, ENOTTY: self = .unsupported(detail)
        // i2c-dev: a NACK is EREMOTEIO on most adapters, ENXIO or EIO on some.
        case EREMOTEIO where i2c, ENXIO where i2c, EIO where i2c: self = .noAcknowledge(detail)
        // A tty: ENXIO opening a port whose device is gone; EIO once it hung up.
        case ENXIO, EIO, EBADF: self = .disconnected(detail)
        default: self = .system(call: error.call, code: error.code, message: error.message)
        }
    }
}
