extension StationDoctor {
    /// Below this much free space the history database may stop growing within weeks.
    static let lowSpaceBytes: UInt64 = 64 << 20

    /// The history's directory (`storage.path`, default the unit's state directory): writable for the
    /// station, on a writable file system with room left.
    func stateDirectoryFindings(path configured: String?, accounts: AccountDatabase) -> [DoctorFinding] {
        let path = configured ?? StationService.stateDirectory
        let key = configured == nil ? "the state directory \(path)" : "storage.path \(path)"
        var findings: [DoctorFinding] = []
        if perspective == .service {
            let allowed = [StationService.stateDirectory, "/var/lib/private/breeze-station"]
            guard allowed.contains(where: { path == $0 || path.hasPrefix($0 + "/") }) else {
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
            if perspective != .service, !canWrite(status, accounts: accounts) {
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

    private func canWrite(_ status: FileStatus, accounts: AccountDatabase) -> Bool {
        let (uid, groups): (UInt32, Set<UInt32>)
        switch perspective {
        case .service: return true
        case .user(let name):
            guard let user = accounts.user(named: name) else { return false }
            (uid, groups) = (user.id, accounts.groupIDs(of: user))
        case .currentProcess:
            (uid, groups) = (host.identity.uid, Set(host.identity.groups + [host.identity.gid]))
        }
        if uid == 0 { return true }
        if uid == status.owner { return status.permissions & 0o300 == 0o300 }
        if groups.contains(status.group) { return status.permissions & 0o030 == 0o030 }
        return status.permissions & 0o003 == 0o003
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
