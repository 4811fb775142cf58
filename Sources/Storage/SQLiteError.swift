/// A failed SQLite call: which operation, SQLite's result code and its message.
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    /// SQLite's (extended) result code, e.g. 13 (SQLITE_FULL) or 8 (SQLITE_READONLY).
    public let code: Int32
    /// What was being done, e.g. "open /var/lib/breeze-station/history.sqlite".
    public let operation: String
    /// SQLite's message.
    public let message: String

    /// An error from its parts.
    public init(code: Int32, operation: String, message: String) {
        self.code = code
        self.operation = operation
        self.message = message
    }

    /// Whether the failure is the disk being full.
    public var isDiskFull: Bool { code & 0xFF == 13 }
    /// Whether the database or its directory cannot be written.
    public var isReadOnly: Bool { code & 0xFF == 8 || code & 0xFF == 14 }

    public var description: String { "\(operation): \(message) (SQLite code \(code))" }
}
