import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// The machine the doctor examines, seen through a root directory: `/` in production, a directory a test
/// builds (a fake `/proc/cmdline`, `/boot/firmware/config.txt`, `/dev` entries, `/etc/group`) in tests, or
/// a mounted SD card. Every path the doctor asks about is an absolute path on that machine; symbolic links
/// are followed inside the root, so `/dev/serial0 -> ttyS0` resolves to the root's own `/dev/ttyS0`.
public struct HostSystem: Sendable {
    /// The directory that stands for `/`.
    public let root: String
    /// Who runs the doctor: the real process in production, a chosen identity in tests.
    public let identity: ProcessIdentity

    /// The machine under `root`, examined by `identity` (the calling process by default).
    public init(root: String = "/", identity: ProcessIdentity = .current) {
        self.root = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.identity = identity
    }

    /// Where the machine's absolute `path` is on this process's file system.
    public func location(of path: String) -> String {
        root == "/" ? path : root + (path.hasPrefix("/") ? path : "/" + path)
    }

    /// The machine's path for a `location` on this process's file system (the inverse of ``location(of:)``),
    /// e.g. for the chip paths a GPIO driver rooted at `location(of: "/dev")` reports.
    public func machinePath(ofLocation location: String) -> String {
        guard root != "/" else { return location }
        if location == root { return "/" }
        return location.hasPrefix(root + "/") ? String(location.dropFirst(root.count)) : location
    }

    /// The text of the file at `path`, nil when it cannot be read. NUL bytes (device-tree strings) end it.
    public func readText(_ path: String, limit: Int = 1 << 20) -> String? {
        let descriptor = open(location(of: path), O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        guard var bytes = try? SystemCall.readToEnd(descriptor, limit: limit).bytes else { return nil }
        if let end = bytes.firstIndex(of: 0) { bytes.removeSubrange(end...) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What `stat` says about `path`, following symbolic links inside the root; nil when it does not exist.
    public func status(_ path: String) -> FileStatus? {
        guard let resolved = resolve(path) else { return nil }
        var info = stat()
        guard stat(location(of: resolved), &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// Whether `path` exists (after following links).
    public func exists(_ path: String) -> Bool { status(path) != nil }

    /// Whether `path` itself is a symbolic link.
    public func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(location(of: path), &info) == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// `path` with every symbolic link followed inside the root, as an absolute path on the machine; nil when
    /// a component is missing (a dangling `/dev/serial0`) or links loop.
    public func resolve(_ path: String) -> String? {
        var pending = path.split(separator: "/").map(String.init)
        var resolved: [String] = []
        var hops = 0
        while !pending.isEmpty {
            let component = pending.removeFirst()
            if component == "." || component.isEmpty { continue }
            if component == ".." {
                if !resolved.isEmpty { resolved.removeLast() }
                continue
            }
            let candidate = "/" + (resolved + [component]).joined(separator: "/")
            var info = stat()
            guard lstat(location(of: candidate), &info) == 0 else { return nil }
            guard info.st_mode & S_IFMT == S_IFLNK else {
                resolved.append(component)
                continue
            }
            hops += 1
            guard hops <= 40, let target = readLink(candidate) else { return nil }
            if target.hasPrefix("/") { resolved = [] }
            pending = target.split(separator: "/").map(String.init) + pending
        }
        return "/" + resolved.joined(separator: "/")
    }

    /// The target of the symbolic link at `path`, as written.
    public func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink(location(of: path), &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        return String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The names in directory `path` (without `.` and `..`), sorted; nil when it cannot be read.
    public func entries(_ path: String) -> [String]? {
        guard let directory = opendir(location(of: path)) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The file system holding `path` (or its nearest existing parent): read-only, and the bytes an
    /// unprivileged user may still write. Nil when nothing on the way exists.
    public func fileSystem(of path: String) -> FileSystemSpace? {
        var current = path
        while true {
            var info = statvfs()
            if statvfs(location(of: current), &info) == 0 {
                return FileSystemSpace(
                    isReadOnly: info.f_flag & UInt(ST_RDONLY) != 0,
                    availableBytes: UInt64(info.f_bavail) * UInt64(info.f_frsize))
            }
            guard current != "/", let slash = current.lastIndex(of: "/") else { return nil }
            current = slash == current.startIndex ? "/" : String(current[..<slash])
        }
    }
}

/// The part of `stat` the doctor needs.
public struct FileStatus: Sendable, Hashable {
    /// The file type.
    public enum Kind: Sendable, Hashable {
        case regular, directory, characterDevice, blockDevice, other
    }

    public var kind: Kind
    /// Owner user id.
    public var owner: UInt32
    /// Owner group id.
    public var group: UInt32
    /// Permission bits (`0o660` ...).
    public var permissions: UInt32

    /// A status.
    public init(kind: Kind, owner: UInt32, group: UInt32, permissions: UInt32) {
        self.kind = kind
        self.owner = owner
        self.group = group
        self.permissions = permissions
    }

    init(_ info: stat) {
        switch info.st_mode & S_IFMT {
        case S_IFREG: kind = .regular
        case S_IFDIR: kind = .directory
        case S_IFCHR: kind = .characterDevice
        case S_IFBLK: kind = .blockDevice
        default: kind = .other
        }
        owner = info.st_uid
        group = info.st_gid
        permissions = UInt32(info.st_mode) & 0o7777
    }

    /// `crw-rw----`, as `ls -l` shows the mode.
    public var modeString: String {
        let type: Character =
            switch kind {
            case .regular: "-"
            case .directory: "d"
            case .characterDevice: "c"
            case .blockDevice: "b"
            case .other: "?"
            }
        let letters: [Character] = ["r", "w", "x"]
        var text = String(type)
        for shift in stride(from: 6, through: 0, by: -3) {
            for (index, letter) in letters.enumerated() {
                text.append(permissions >> UInt32(shift) & (4 >> UInt32(index)) != 0 ? letter : "-")
            }
        }
        return text
    }
}

/// Whether a file system is mounted read-only, and how much room is left on it.
public struct FileSystemSpace: Sendable, Hashable {
    public var isReadOnly: Bool
    public var availableBytes: UInt64

    public init(isReadOnly: Bool, availableBytes: UInt64) {
        self.isReadOnly = isReadOnly
        self.availableBytes = availableBytes
    }
}

/// Who is asking: user and group ids of a process.
public struct ProcessIdentity: Sendable, Hashable {
    /// The effective user id.
    public var uid: UInt32
    /// The effective group id.
    public var gid: UInt32
    /// The supplementary groups the process has now (which lag behind `/etc/group` until the next login).
    public var groups: [UInt32]

    public init(uid: UInt32, gid: UInt32, groups: [UInt32]) {
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }

    /// The calling process.
    public static var current: ProcessIdentity {
        let count = getgroups(0, nil)
        var groups = [gid_t](repeating: 0, count: Int(max(count, 0)))
        let got = count > 0 ? getgroups(count, &groups) : 0
        return ProcessIdentity(uid: geteuid(), gid: getegid(), groups: Array(groups.prefix(Int(max(got, 0)))))
    }

    /// Whether this is root.
    public var isRoot: Bool { uid == 0 }
}
