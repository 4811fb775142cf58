/// What the administrator's drop-ins for the unit add (`sudo systemctl edit breeze-station`, files in
/// `/etc/systemd/system/breeze-station.service.d/` and `/run/systemd/system/breeze-station.service.d/`):
/// writable paths and device classes the doctor must then accept, as docs/operations.md suggests them.
struct ServiceDropIns: Sendable {
    /// `ReadWritePaths=` entries (a leading `-` removed).
    var readWritePaths: [String] = []
    /// Device classes of `DeviceAllow=char-<class> ...` entries.
    var deviceClasses: [String] = []

    static let directories = [
        "/etc/systemd/system/\(StationService.unitName).d", "/run/systemd/system/\(StationService.unitName).d",
    ]

    /// The drop-ins of the machine under `host`, in systemd's order (the directories, files sorted).
    init(host: HostSystem) {
        for directory in Self.directories {
            for name in (host.entries(directory) ?? []).sorted() where name.hasSuffix(".conf") {
                guard let text = host.readText(directory + "/" + name) else { continue }
                read(text)
            }
        }
    }

    init() {}

    /// Reads one drop-in's `[Service]` settings; an empty assignment resets the list, as in systemd.
    mutating func read(_ text: String) {
        var section = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = Self.trimmed(raw)
            if line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                section = line
                continue
            }
            guard section == "[Service]", let equals = line.firstIndex(of: "=") else { continue }
            let key = Self.trimmed(line[..<equals])
            let value = Self.trimmed(line[line.index(after: equals)...])
            switch key {
            case "ReadWritePaths":
                if value.isEmpty { readWritePaths = [] }
                readWritePaths += value.split(separator: " ").map { String($0.hasPrefix("-") ? $0.dropFirst() : $0[...]) }
            case "DeviceAllow":
                if value.isEmpty { deviceClasses = [] }
                if let device = value.split(separator: " ").first, device.hasPrefix("char-") {
                    deviceClasses.append(String(device.dropFirst("char-".count)))
                }
            default: continue
            }
        }
    }

    private static func trimmed(_ text: Substring) -> String {
        String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }

    /// Whether `path` is in or under one of the writable paths.
    func allowsWriting(_ path: String) -> Bool {
        readWritePaths.contains { path == $0 || path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// Whether a serial device name (`rfcomm0`) is in a class the drop-ins allow.
    func allowsDevice(_ name: String) -> Bool {
        deviceClasses.contains { prefix in
            name.hasPrefix(prefix) && name.dropFirst(prefix.count).allSatisfy { $0.isASCII && $0.isNumber }
        }
    }
}
