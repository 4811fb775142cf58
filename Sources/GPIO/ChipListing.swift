public import POSIX

/// The GPIO chips of a machine, as found in its device directory: what `gpiodetect` shows, plus the chips that
/// could not be opened and the aliases (symbolic links such as the Raspberry Pi 5's `gpiochip4 -> gpiochip0`).
public struct ChipListing: Sendable, Hashable {
    /// One device of the listing.
    public enum Entry: Sendable, Hashable {
        /// A chip that was opened and read.
        case available(ChipInfo)
        /// A device that looks like a chip but could not be opened (usually permission denied).
        case unavailable(path: String, error: SystemError)

        /// The device path.
        public var path: String {
            switch self {
            case .available(let info): info.path
            case .unavailable(let path, _): path
            }
        }
    }

    /// The directory searched, e.g. `/dev`.
    public let directory: String
    /// The devices, in chip-number order (`gpiochip2` before `gpiochip10`).
    public let entries: [Entry]
    /// Alias names found in the directory and the chip name each points to, e.g. `["gpiochip4": "gpiochip0"]`.
    public let aliases: [String: String]

    /// A listing.
    public init(directory: String, entries: [Entry], aliases: [String: String] = [:]) {
        self.directory = directory
        self.entries = entries
        self.aliases = aliases
    }

    /// The chips that could be read.
    public var chips: [ChipInfo] {
        entries.compactMap { entry in
            if case .available(let info) = entry { info } else { nil }
        }
    }

    /// The devices that could not be opened because of permissions.
    public var permissionDenied: [String] {
        entries.compactMap { entry in
            if case .unavailable(let path, let error) = entry, error.isPermissionDenied { path } else { nil }
        }
    }

    /// One line per device, as `gpiodetect` prints it, plus unreadable devices with their reason.
    public var lines: [String] {
        entries.map { entry in
            switch entry {
            case .available(let info): info.description
            case .unavailable(let path, let error):
                "\(ChipPaths.baseName(path)) [?] (cannot open: \(error.reason))"
            }
        }
    }

    /// A one-line summary for error messages: `chips in /dev: gpiochip0 [pinctrl-bcm2711] (58 lines), ...`.
    public var summary: String {
        if entries.isEmpty {
            return "no GPIO chips in \(directory) (no GPIO controller on this machine, or its driver is not loaded)"
        }
        return "chips in \(directory): " + lines.joined(separator: ", ")
    }
}
