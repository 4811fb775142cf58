/// Whether the station's identity may read and write a device, and if not, the one thing to do about it.
struct DeviceAccess {
    let host: HostSystem
    let accounts: AccountDatabase
    let perspective: DoctorPerspective

    /// The group that should own devices of `kind` (udev on Raspberry Pi OS).
    static func expectedGroup(forDevice name: String) -> String {
        if name.hasPrefix("gpiochip") { return "gpio" }
        if name.hasPrefix("i2c-") { return "i2c" }
        return "dialout"
    }

    /// Findings about read-write access to `path` (resolved to `device`, e.g. `/dev/ttyS0`) for the
    /// perspective, checked as `check`.
    func check(path: String, resolved device: String, status: FileStatus, check: String) -> [DoctorFinding] {
        let name = device.split(separator: "/").last.map(String.init) ?? device
        let groupName = accounts.groupName(status.group)
        let shown = path == device ? path : "\(path) (\(device))"
        let owner = accounts.user(id: status.owner)?.name ?? String(status.owner)
        let ownership = "\(status.modeString) \(owner):\(groupName)"
        switch perspective {
        case .service:
            let service = StationService.identity(in: accounts)
            if grants(status, uid: service.uid, groups: service.groups) {
                return [.ok(check, "\(shown) is \(ownership): the service can open it")]
            }
            return [.problem(check, "\(shown) is \(ownership): \(perspective.subject) cannot open it; " + remedy(
                device: name, status: status, groupName: groupName))]
        case .user(let userName):
            guard let user = accounts.user(named: userName) else {
                return [.problem(check, "no user \(userName) in /etc/passwd")]
            }
            if user.id == 0 || grants(status, uid: user.id, groups: accounts.groupIDs(of: user)) {
                return [.ok(check, "\(shown) is \(ownership): user \(userName) can open it")]
            }
            return [.problem(check, "\(shown) is \(ownership): user \(userName) cannot open it; " + remedy(
                device: name, status: status, groupName: groupName, user: userName))]
        case .currentProcess:
            let identity = host.identity
            if identity.isRoot || grants(status, uid: identity.uid, groups: Set(identity.groups + [identity.gid])) {
                return [.ok(check, "\(shown) is \(ownership): you can open it")]
            }
            // Added to the group in /etc/group, but this login predates it: the classic "usermod -aG and no
            // new login".
            if let user = accounts.user(id: identity.uid),
                grants(status, uid: user.id, groups: accounts.groupIDs(of: user))
            {
                return [.problem(
                    check, "\(shown) is \(ownership): /etc/group puts \(user.name) in group \(groupName), but "
                        + "this login session started before that; log out and in again (or run 'newgrp \(groupName)')")]
            }
            let userName = accounts.user(id: identity.uid)?.name ?? "$USER"
            return [.problem(check, "\(shown) is \(ownership): you cannot open it; " + remedy(
                device: name, status: status, groupName: groupName, user: userName))]
        }
    }

    /// Whether `status` grants read and write to `uid` (nil: a user owning nothing) in `groups`.
    func grants(_ status: FileStatus, uid: UInt32?, groups: Set<UInt32>) -> Bool {
        Self.grants(status, uid: uid, groups: groups, permission: 0o6)
    }

    /// Whether `status` grants `permission` (octal rwx bits, e.g. `0o4` read) to `uid` in `groups`, as the kernel
    /// decides: the owner's bits for the owner, else the group's for a member, else the others'.
    static func grants(_ status: FileStatus, uid: UInt32?, groups: Set<UInt32>, permission: UInt32) -> Bool {
        let bits = status.permissions
        if uid == 0 { return true }
        if let uid, uid == status.owner { return bits >> 6 & permission == permission }
        if groups.contains(status.group) { return bits >> 3 & permission == permission }
        return bits & permission == permission
    }

    private func remedy(
        device: String, status: FileStatus, groupName: String, user: String? = nil
    ) -> String {
        let expected = Self.expectedGroup(forDevice: device)
        let groupMayAccess = status.permissions & 0o060 == 0o060
        if groupName == expected && groupMayAccess {
            if let user { return "add \(user) to group \(expected): sudo usermod -aG \(expected) \(user), then log in again" }
            return "the unit's SupplementaryGroups= must include \(expected)"
        }
        if groupName == "tty" {
            return "a login console holds it (group tty); turn the serial console off (see serial-console)"
        }
        return "it should belong to group \(expected) with mode 0660: the package's udev rule "
            + "(/lib/udev/rules.d/60-breeze-station.rules) does that; reload with 'sudo udevadm trigger', "
            + "or replug the device"
    }
}
