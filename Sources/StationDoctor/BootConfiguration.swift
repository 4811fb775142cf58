/// The Raspberry Pi firmware's `config.txt`, read as the firmware reads it for one model: `key=value` lines,
/// `#` comments, and conditional sections (`[pi4]`, `[all]`, ...) that decide which lines apply.
///
/// Model filters (`[pi3]`, `[pi02]`, ...) replace each other and `[all]` resets them; `[none]` applies to no
/// board. Filters the doctor cannot evaluate (`[gpio4=1]`, `[EDID=...]`, `[0x12345678]`, `[tryboot]`) are
/// taken to apply, so a setting is never reported missing only because of an unusual filter.
public struct BootConfiguration: Sendable, Hashable {
    /// One setting.
    public struct Entry: Sendable, Hashable {
        /// 1-based line number.
        public let line: Int
        public let key: String
        public let value: String
        /// The model filter in force (`pi4`), nil outside any.
        public let modelFilter: String?
    }

    /// Every setting, in file order.
    public let entries: [Entry]

    /// The model filters the firmware knows; any other bracketed filter is of another kind.
    static let modelFilterNames: Set<String> = [
        "pi0", "pi0w", "pi02", "pi1", "pi2", "pi3", "pi3+", "pi4", "pi400", "pi5", "pi500", "cm1", "cm3", "cm3+",
        "cm4", "cm4s", "cm5", "board-type", "none",
    ]

    /// Parses the text of a `config.txt`.
    public init(text: String) {
        var entries: [Entry] = []
        var modelFilter: String?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(raw)
            if let hash = line.firstIndex(of: "#") { line = String(line[..<hash]) }
            line = line.trimmingSpaces
            if line.isEmpty { continue }
            if line.hasPrefix("["), line.hasSuffix("]") {
                let filter = String(line.dropFirst().dropLast()).trimmingSpaces.lowercased()
                if filter == "all" {
                    modelFilter = nil
                } else if Self.modelFilterNames.contains(filter) || filter.hasPrefix("board-type=") {
                    modelFilter = filter
                }
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                // `initramfs initrd.img followkernel` and similar: a key with words, not a setting we read.
                continue
            }
            let key = String(line[..<equals]).trimmingSpaces
            let value = String(line[line.index(after: equals)...]).trimmingSpaces
            entries.append(Entry(line: index + 1, key: key, value: value, modelFilter: modelFilter))
        }
        self.entries = entries
    }

    /// The model filters that select a board whose device-tree model is `model` (as the firmware matches
    /// them: a Zero 2 W also reads `[pi0w]` and `[pi0]` sections, a 3B+ also `[pi3]`).
    public static func modelFilters(forModel model: String) -> Set<String> {
        let rules: [(prefix: String, filters: [String])] = [
            ("Raspberry Pi 500", ["pi500", "pi5"]),
            ("Raspberry Pi Compute Module 5", ["cm5", "pi5"]),
            ("Raspberry Pi 5", ["pi5"]),
            ("Raspberry Pi 400", ["pi400", "pi4"]),
            ("Raspberry Pi Compute Module 4S", ["cm4s", "pi4"]),
            ("Raspberry Pi Compute Module 4", ["cm4", "pi4"]),
            ("Raspberry Pi 4", ["pi4"]),
            ("Raspberry Pi Zero 2", ["pi02", "pi0w", "pi0"]),
            ("Raspberry Pi Zero W", ["pi0w", "pi0"]),
            ("Raspberry Pi Zero", ["pi0"]),
            ("Raspberry Pi 3 Model B Plus", ["pi3+", "pi3"]),
            ("Raspberry Pi 3 Model A Plus", ["pi3+", "pi3"]),
            ("Raspberry Pi Compute Module 3", ["cm3", "pi3"]),
            ("Raspberry Pi 3", ["pi3"]),
            ("Raspberry Pi 2", ["pi2"]),
        ]
        return Set(rules.first { model.hasPrefix($0.prefix) }?.filters ?? [])
    }

    /// The settings that apply to a board selected by `filters` (see ``modelFilters(forModel:)``).
    public func applicable(to filters: Set<String>) -> [Entry] {
        entries.filter { entry in
            guard let filter = entry.modelFilter else { return true }
            if filter == "none" { return false }
            if filter.hasPrefix("board-type=") { return true }
            return filters.contains(filter)
        }
    }

    /// The last applicable value of `key` (later lines win, as in the firmware).
    public func value(_ key: String, for filters: Set<String>) -> String? {
        applicable(to: filters).last { $0.key == key }?.value
    }

    /// The applicable `dtparam` settings of the base device tree: `dtparam=i2c_arm=on,spi=on` gives
    /// `i2c_arm: on, spi: on`; a parameter without a value means `on`. Later lines win.
    public func deviceTreeParameters(for filters: Set<String>) -> [String: String] {
        var parameters: [String: String] = [:]
        for entry in applicable(to: filters) where entry.key == "dtparam" {
            for item in entry.value.split(separator: ",") {
                let parts = item.split(separator: "=", maxSplits: 1).map { String($0).trimmingSpaces }
                guard let name = parts.first, !name.isEmpty else { continue }
                parameters[name] = parts.count > 1 ? parts[1].lowercased() : "on"
            }
        }
        return parameters
    }

    /// The applicable overlays by name (`dtoverlay=disable-bt` → `disable-bt`; the `pi3-` prefix of old
    /// names is dropped).
    public func overlays(for filters: Set<String>) -> [String] {
        applicable(to: filters).filter { $0.key == "dtoverlay" }.compactMap { entry in
            guard let name = entry.value.split(separator: ",").first.map({ String($0).trimmingSpaces }),
                !name.isEmpty
            else { return nil }
            return name.hasPrefix("pi3-") ? String(name.dropFirst(4)) : name
        }
    }

    /// Whether a `dtparam` value switches something on (`on`, `true`, `yes`, `1`).
    public static func isOn(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["on", "true", "yes", "1"].contains(value.lowercased())
    }
}
