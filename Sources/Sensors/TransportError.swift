/// Why a transport operation failed, classified for the driver: an absent device is waited for, a
/// disconnected one reopened, a refused one reported.
public enum TransportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The device node does not exist (sensor or adapter not plugged in, wrong path, I²C bus not enabled).
    case notFound(String)
    /// The device went away while open: tty hang-up, end of file, EIO.
    case disconnected(String)
    /// The service may not open the device (group `dialout` / `i2c`).
    case permissionDenied(String)
    /// Someone else holds the device (another process with the tty open exclusively, a kernel driver bound to the
    /// I²C address).
    case busy(String)
    /// No I²C device acknowledged the address or the transfer (EREMOTEIO, ENXIO).
    case noAcknowledge(String)
    /// The bus or device did not complete the transfer in time.
    case timedOut(String)
    /// The operation needs an open device.
    case notOpen(String)
    /// The adapter cannot do the transfer asked (e.g. plain I²C on an SMBus-only adapter).
    case unsupported(String)
    /// Any other system error: the call that failed and its errno.
    case system(call: String, code: Int32, message: String)

    /// Whether the error means the sensor is not there (as opposed to there but misbehaving).
    public var meansAbsent: Bool {
        switch self {
        case .notFound, .disconnected, .noAcknowledge: true
        default: false
        }
    }

    public var description: String {
        switch self {
        case .notFound(let detail): "not found: \(detail)"
        case .disconnected(let detail): "disconnected: \(detail)"
        case .permissionDenied(let detail): "permission denied: \(detail)"
        case .busy(let detail): "busy: \(detail)"
        case .noAcknowledge(let detail): "no acknowledge: \(detail)"
        case .timedOut(let detail): "timed out: \(detail)"
        case .notOpen(let detail): "not open: \(detail)"
        case .unsupported(let detail): "unsupported: \(detail)"
        case .system(let call, let code, let message): "\(call) failed: \(message) (errno \(code))"
        }
    }
}
