/// Pure helpers for the device directory: which entries are chips, their order, and which are aliases.
public enum ChipPaths {
    /// One directory entry named like a chip.
    public struct Entry: Sendable, Hashable {
        /// The entry's name, e.g. `gpiochip4`.
        public let name: String
        /// For a symbolic link, the name of the entry it points to inside the same directory (e.g.
        /// `gpiochip0`); nil for a device node.
        public let linkTarget: String?

        /// An entry.
        public init(name: String, linkTarget: String? = nil) {
            self.name = name
            self.linkTarget = linkTarget
        }
    }

    /// The chip devices among `entries`, in chip-number order, and the aliases: links that point to another
    /// listed chip are aliases, not chips (so a Pi 5's `gpiochip4 -> gpiochip0` is not listed twice); links
    /// pointing elsewhere count as chips.
    public static func chips(among entries: [Entry]) -> (names: [String], aliases: [String: String]) {
        let candidates = entries.filter { ChipSelector.isChipName($0.name) }
        let nodes = Set(candidates.filter { $0.linkTarget == nil }.map(\.name))
        var names: [String] = []
        var aliases: [String: String] = [:]
        for entry in candidates {
            if let target = entry.linkTarget, nodes.contains(target) {
                aliases[entry.name] = target
            } else {
                names.append(entry.name)
            }
        }
        return (names.sorted(by: chipOrder), aliases)
    }

    /// Chip-number order: `gpiochip2` before `gpiochip10`.
    public static func chipOrder(_ lhs: String, _ rhs: String) -> Bool {
        let left = Int(lhs.dropFirst("gpiochip".count)) ?? Int.max
        let right = Int(rhs.dropFirst("gpiochip".count)) ?? Int.max
        return left != right ? left < right : lhs < rhs
    }

    /// The last component of `path`.
    public static func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `directory/name`, without a doubled slash.
    public static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
