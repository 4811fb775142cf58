public import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// A GPIO failure, worded for the person who has to fix it: which chip or line, what is wrong, what to do.
public struct GPIOError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, for code that reacts to it (tests, `doctor`).
    public enum Code: Sendable, Hashable {
        /// No chip matches the selector; the message lists the chips that exist.
        case noSuchChip
        /// The path exists but is not a GPIO chip.
        case notAChip
        /// The user may not open the chip; the message names the group `gpio`.
        case permissionDenied
        /// No line of the chip has the name.
        case noSuchLine
        /// The offset is past the chip's last line.
        case lineOutOfRange
        /// The same line is given twice in one request.
        case duplicateLine
        /// A line is held by another consumer; the message names it.
        case lineBusy
        /// Any other failure of a call; see ``GPIOError/underlying``.
        case system
    }

    /// The kind of failure.
    public let code: Code
    /// The full message.
    public let message: String
    /// The failed call behind it, if any.
    public let underlying: SystemError?

    /// An error.
    public init(_ code: Code, _ message: String, underlying: SystemError? = nil) {
        self.code = code
        self.message = message
        self.underlying = underlying
    }

    public var description: String { message }

    /// The advice for permission problems, naming the group.
    public static let permissionAdvice =
        "the user running breeze-station must be in group \"gpio\" (sudo usermod -aG gpio <user>, then log in "
        + "again; under systemd: SupplementaryGroups=gpio)"

    /// The error for a call on the device at `path` that failed with `error`.
    static func opening(_ path: String, failed error: SystemError, listing: ChipListing?) -> GPIOError {
        if error.isPermissionDenied {
            return GPIOError(
                .permissionDenied, "permission denied opening \(path): \(permissionAdvice)",
                underlying: error)
        }
        let chips = listing.map { "; \($0.summary)" } ?? ""
        switch error.code {
        case ENOENT:
            return GPIOError(.noSuchChip, "no GPIO chip at \(path): no such file\(chips)", underlying: error)
        case ENODEV, ENOTTY, ENXIO:
            return GPIOError(.notAChip, "\(path) is not a GPIO chip (\(error.reason))\(chips)", underlying: error)
        default:
            return GPIOError(.system, "cannot open GPIO chip \(path): \(error.summary)", underlying: error)
        }
    }
}
