public import Configuration
public import JSON
import FoundationEssentials

/// The `storage` section: where the history database lives and how long minute rows are kept.
public struct StorageConfiguration: Sendable, Hashable {
    /// The state directory when systemd gives none (`StateDirectory=breeze-station`).
    public static let defaultStateDirectory = "/var/lib/breeze-station"
    /// The database's file name in the state directory.
    public static let databaseName = "history.db"
    /// Days of minute rows kept by default.
    public static let defaultRetentionDays = 365
    /// Allowed retention, days.
    public static let retentionRange = 1...3650

    /// `storage.path`: the SQLite database file (absolute).
    public var path: String
    /// `storage.retention_days`.
    public var retentionDays: Int

    /// A configuration from its values.
    public init(path: String, retentionDays: Int = StorageConfiguration.defaultRetentionDays) {
        self.path = path
        self.retentionDays = retentionDays
    }

    /// The defaults for `environment`: `$STATE_DIRECTORY/history.db` (its first directory when systemd lists
    /// several, separated by colons), else `/var/lib/breeze-station/history.db`; 365 days.
    public init(environment: [String: String]) {
        let state = environment["STATE_DIRECTORY"]?.split(separator: ":").first.map(String.init)
        let directory = state.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? Self.defaultStateDirectory
        self.init(path: Self.join(directory, Self.databaseName))
    }

    /// Reads the section (nil: the defaults for `environment`); problems are recorded in it.
    public init(section: ConfigSection?, environment: [String: String]) {
        self.init(environment: environment)
        guard let section else { return }
        if let path = section.string("path") {
            if path.hasPrefix("/") && !path.hasSuffix("/") && !Self.isDirectory(path) {
                self.path = path
            } else if path.hasPrefix("/") && !path.hasSuffix("/") {
                section.record(
                    .mismatch(
                        section.keyPath("path"), expected: "the path of the database file (a directory holds it)",
                        found: "the directory \(ConfigSection.describe(.string(path))); did you mean \(ConfigSection.describe(.string(Self.join(path, Self.databaseName))))?"))
            } else {
                section.record(
                    .mismatch(
                        section.keyPath("path"), expected: "an absolute path to the database file",
                        found: ConfigSection.describe(.string(path))))
            }
        }
        retentionDays = section.int("retention_days", in: Self.retentionRange) ?? retentionDays
    }

    /// The directory of the database, where the station keeps its other state files too.
    public var directory: String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// A file beside the database (`place.json`, `climate-cache.json`).
    public func stateFile(_ name: String) -> String { Self.join(directory, name) }

    /// The effective values.
    public var json: JSONValue {
        ["path": .string(path), "retention_days": JSONValue(retentionDays)]
    }

    /// Whether `path` names an existing directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }
}
