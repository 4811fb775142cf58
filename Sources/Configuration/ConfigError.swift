import JSON

/// One problem in a configuration file: where (the key path), and what was expected and found.
public struct ConfigError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The dotted key path, e.g. `sensor.serial.baud` or `openmeteo.cities[2].name`; empty for the file itself.
    public let keyPath: String
    /// What is wrong, e.g. `expected an integer from 1200 to 921600, found "fast"`.
    public let message: String

    /// A problem at `keyPath`. Control characters in either (a NUL in a key or a value of the file) are
    /// escaped, never printed raw.
    public init(keyPath: String, message: String) {
        self.keyPath = JSONValue.printable(keyPath)
        self.message = JSONValue.printable(message)
    }

    /// "expected …, found …" at `keyPath`.
    public static func mismatch(_ keyPath: String, expected: String, found: String) -> ConfigError {
        ConfigError(keyPath: keyPath, message: "expected \(expected), found \(found)")
    }

    public var description: String { keyPath.isEmpty ? message : "\(keyPath): \(message)" }
}

/// Every problem found in a configuration file, in the order found.
public struct ConfigErrors: Error, Sendable, CustomStringConvertible {
    /// The problems; never empty.
    public let errors: [ConfigError]

    /// Wraps `errors`.
    public init(_ errors: [ConfigError]) { self.errors = errors }

    public var description: String { errors.map(\.description).joined(separator: "\n") }
}
