/// What `systemd/breeze-station.service` gives the daemon, as the doctor checks against it (a test keeps the
/// two in step).
public enum StationService {
    /// The unit's name.
    public static let unitName = "breeze-station.service"
    /// `User=` and `Group=`: the system user `sysusers.d/breeze-station.conf` creates.
    public static let user = "breeze-station"
    /// `SupplementaryGroups=`: the groups that own the GPIO chips, I²C buses and serial ports.
    public static let supplementaryGroups = ["gpio", "i2c", "dialout"]
    /// `StateDirectory=`: the only place the service may write (`ProtectSystem=strict`).
    public static let stateDirectory = "/var/lib/breeze-station"
    /// The configuration file `ExecStart=` names.
    public static let configurationPath = "/etc/breeze-station/config.json"
    /// Where the package (`/usr/share`) and `make install` (`/usr/local/share`) put the board examples.
    public static let boardExamplesDirectories = ["/usr/share/breeze-station/boards", "/usr/local/share/breeze-station/boards"]
    /// Device classes of `DeviceAllow=` (names in `/proc/devices`).
    public static let allowedDeviceClasses = ["gpiochip", "i2c", "ttyS", "ttyAMA", "ttyUSB", "ttyACM"]

    /// The service's user id and every group id it runs with (its own group and the supplementary ones), as
    /// `accounts` knows them; the user id is nil when the user does not exist yet.
    static func identity(in accounts: AccountDatabase) -> (uid: UInt32?, groups: Set<UInt32>) {
        let user = accounts.user(named: user)
        var groups = Set(supplementaryGroups.compactMap { accounts.group(named: $0)?.id })
        if let user { groups.insert(user.primaryGroup) }
        return (user?.id, groups)
    }

    /// Whether a serial device name (`ttyS0`, `ttyUSB1`) is in a class the unit allows.
    public static func allowsSerialDevice(_ name: String) -> Bool {
        ["ttyS", "ttyAMA", "ttyUSB", "ttyACM"].contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}

/// Whose access the doctor judges.
public enum DoctorPerspective: Sendable, Hashable {
    /// The systemd service: user ``StationService/user`` with ``StationService/supplementaryGroups`` (the
    /// default when the doctor runs as root: root can open everything, the service cannot).
    case service
    /// A login user, by name, with the groups `/etc/group` gives them (`doctor --user pi`).
    case user(String)
    /// The calling process, with the groups it has now (the default for a non-root user who runs the station
    /// by hand).
    case currentProcess

    /// How findings name it.
    public var subject: String {
        switch self {
        case .service:
            "the service (user \(StationService.user), groups \(StationService.supplementaryGroups.joined(separator: ", ")))"
        case .user(let name): "user \(name)"
        case .currentProcess: "you"
        }
    }
}
