/// The machine's users and groups, from `/etc/passwd` and `/etc/group` (what `usermod -aG` edits).
///
/// Read from the files rather than through NSS, so the doctor sees the examined root's accounts, and so a
/// user added to a group who has not logged in again can be told apart from one who was never added.
public struct AccountDatabase: Sendable, Hashable {
    /// A group: name, id, member user names.
    public struct Group: Sendable, Hashable {
        public var name: String
        public var id: UInt32
        public var members: [String]
    }

    /// A user: name, id, primary group id.
    public struct User: Sendable, Hashable {
        public var name: String
        public var id: UInt32
        public var primaryGroup: UInt32
    }

    public let groups: [Group]
    public let users: [User]

    /// Parses the text of `/etc/group` and `/etc/passwd`; malformed lines are skipped.
    public init(groupFile: String, passwdFile: String) {
        groups = groupFile.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 4, !line.hasPrefix("#"), let id = UInt32(fields[2]) else { return nil }
            let members = fields[3].split(separator: ",").map { String($0).trimmingSpaces }
            return Group(name: String(fields[0]), id: id, members: members.filter { !$0.isEmpty })
        }
        users = passwdFile.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count >= 4, !line.hasPrefix("#"), let id = UInt32(fields[2]), let gid = UInt32(fields[3])
            else { return nil }
            return User(name: String(fields[0]), id: id, primaryGroup: gid)
        }
    }

    /// The accounts of `host` (empty when its files are missing).
    public init(host: HostSystem) {
        self.init(groupFile: host.readText("/etc/group") ?? "", passwdFile: host.readText("/etc/passwd") ?? "")
    }

    /// The group called `name`.
    public func group(named name: String) -> Group? { groups.first { $0.name == name } }

    /// The name of group `id`, or the number when it has none.
    public func groupName(_ id: UInt32) -> String { groups.first { $0.id == id }?.name ?? String(id) }

    /// The user called `name`.
    public func user(named name: String) -> User? { users.first { $0.name == name } }

    /// The user with id `id`.
    public func user(id: UInt32) -> User? { users.first { $0.id == id } }

    /// The groups `/etc/group` gives `user`: the primary group and every group listing it as a member.
    public func groupIDs(of user: User) -> Set<UInt32> {
        var ids: Set<UInt32> = [user.primaryGroup]
        for group in groups where group.members.contains(user.name) { ids.insert(group.id) }
        return ids
    }
}

extension String {
    var trimmingSpaces: String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
