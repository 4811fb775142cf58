extension StationDoctor {
    /// Below this much free space the history database may stop growing within weeks.
    static let lowSpaceBytes: UInt64 = 64 << 20

    /// `storage.path` names the database file; a directory there (a common slip: the state directory itself)
    /// would leave the station without a history.
    func databasePathFindings(_ path: String?) -> [DoctorFinding] {
        guard let path, host.status(path)?.kind == .directory else { return [] }
        let file = path.hasSuffix("/") ? path + "history.db" : path + "/history.db"
        return [
            .problem(
                "state-directory",
                "storage.path \(path) is a directory; it names the database file: \(file), or leave the key out "
                    + "(the default is \(StationService.stateDirectory)/history.db)")
        ]
    }

    /// The directory of the database file `path`.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The history's directory (the directory of `storage.path`, default the unit's state directory): writable for the
    /// station, on a writable file system with room left.
    func stateDirectoryFindings(path configured: String?, accounts: AccountDatabase) -> [DoctorFinding] {
        let path = configured ?? StationService.stateDirectory
        let key = configured == nil ? "the state directory \(path)" : "\(path) (the directory of storage.path)"
        var findings: [DoctorFinding] = []
        if perspective == .service {
            let allowed = StationService.stateDirectory
            guard path == allowed || path.hasPrefix(allowed + "/") || ServiceDropIns(host: host).allowsWriting(path)
            else {
                return [
                    .problem(
                        "state-directory",
                        "\(key) is outside \(StationService.stateDirectory), the only place the service may write "
                            + "(ProtectSystem=strict): set storage.path to \(StationService.stateDirectory), or "
                            + "allow it with 'ReadWritePaths=\(path)' in a drop-in (sudo systemctl edit breeze-station)")
                ]
            }
        }
        if let status = host.status(path) {
            guard status.kind == .directory else {
                return [.problem("state-directory", "\(key) is not a directory: move it away or choose another path")]
            }
            if perspective == .service {
                findings += serviceOwnership(of: path, accounts: accounts)
            } else if !canWrite(status, accounts: accounts) {
                findings.append(
                    .problem(
                        "state-directory",
                        "\(key) (\(status.modeString) \(accounts.groupName(status.group))) is not writable by "
                            + "\(perspective.subject): sudo chown \(userName(accounts)) \(path)"))
            }
        } else if perspective == .service {
            findings.append(.ok("state-directory", "\(key) does not exist yet; systemd creates it at start"))
        } else if let parent = nearestExistingParent(of: path), let status = host.status(parent),
            !canWrite(status, accounts: accounts)
        {
            findings.append(
                .problem(
                    "state-directory",
                    "\(key) does not exist and \(parent) is not writable by \(perspective.subject): "
                        + "sudo install -d -o \(userName(accounts)) \(path)"))
        }
        guard let space = host.fileSystem(of: path) else { return findings }
        if space.isReadOnly {
            findings.append(
                .problem(
                    "state-directory",
                    "the file system holding \(path) is read-only (an SD card remounted read-only after errors?): "
                        + "check 'dmesg', repair it with fsck, reboot"))
        } else if space.availableBytes < Self.lowSpaceBytes {
            findings.append(
                .warning(
                    "state-directory",
                    "only \(space.availableBytes >> 20) MB free for \(path): the station keeps running but stops "
                        + "storing history when it is full; free some space"))
        } else if findings.isEmpty {
            findings.append(
                .ok("state-directory", "\(key) is writable (\(space.availableBytes >> 20) MB free)"))
        }
        return findings
    }

    /// systemd gives the state directory itself to `User=` at start, but not files a restore left to root:
    /// the service then cannot write its database.
    private func serviceOwnership(of path: String, accounts: AccountDatabase) -> [DoctorFinding] {
        guard let user = accounts.user(named: StationService.user) else { return [] }
        let foreign = (host.entries(path) ?? []).filter { name in
            guard let status = host.status(path + "/" + name) else { return false }
            return status.owner != user.id
                && !DeviceAccess.grants(status, uid: user.id, groups: StationService.identity(in: accounts).groups,
                    permission: status.kind == .directory ? 0o3 : 0o2)
        }
        guard !foreign.isEmpty else { return [] }
        let shown = foreign.prefix(3).joined(separator: ", ") + (foreign.count > 3 ? ", ..." : "")
        return [
            .problem(
                "state-directory",
                "\(shown) in \(path) belong to another user, so the service (user \(StationService.user)) cannot "
                    + "write them (a restore as root?): sudo chown -R \(StationService.user): \(path)")
        ]
    }

    private func canWrite(_ status: FileStatus, accounts: AccountDatabase) -> Bool {
        switch perspective {
        case .service:
            let service = StationService.identity(in: accounts)
            return DeviceAccess.grants(status, uid: service.uid, groups: service.groups, permission: 0o3)
        case .user(let name):
            guard let user = accounts.user(named: name) else { return false }
            return DeviceAccess.grants(status, uid: user.id, groups: accounts.groupIDs(of: user), permission: 0o3)
        case .currentProcess:
            let identity = host.identity
            return DeviceAccess.grants(
                status, uid: identity.uid, groups: Set(identity.groups + [identity.gid]), permission: 0o3)
        }
    }

    private func nearestExistingParent(of path: String) -> String? {
        var current = path
        while let slash = current.lastIndex(of: "/") {
            current = slash == current.startIndex ? "/" : String(current[..<slash])
            if host.exists(current) { return current }
            if current == "/" { return nil }
        }
        return nil
    }

    private func userName(_ accounts: AccountDatabase) -> String {
        switch perspective {
        case .user(let name): name
        case .service, .currentProcess: accounts.user(id: host.identity.uid)?.name ?? "$USER"
        }
    }
}
