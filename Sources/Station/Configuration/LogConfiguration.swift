public import Configuration
public import Diagnostics
public import JSON

/// The `log` section: the lowest level written.
public struct LogConfiguration: Sendable, Hashable {
    /// `log.level` (default `info`).
    public var level: LogLevel

    /// A configuration.
    public init(level: LogLevel = .info) {
        self.level = level
    }

    /// Reads the section (nil: the defaults); problems are recorded in it.
    public init(section: ConfigSection?) {
        self.init()
        level = section?.choice("level", as: LogLevel.self) ?? level
    }

    /// The effective values.
    public var json: JSONValue { ["level": .string(level.rawValue)] }
}
