import Configuration

/// The user name and password the publisher logs in with. Its description never shows the password.
public struct MQTTCredentials: Sendable, Hashable, CustomStringConvertible {
    /// The user name.
    public let username: String
    /// The password; nil to log in with the user name alone.
    public let password: String?
    /// Set when the password file can be read by every user of the system (a warning worth logging).
    public let passwordFileIsWorldReadable: Bool

    /// Credentials.
    public init(username: String, password: String?, passwordFileIsWorldReadable: Bool = false) {
        self.username = username
        self.password = password
        self.passwordFileIsWorldReadable = passwordFileIsWorldReadable
    }

    /// The credentials `configuration` asks for: nil without a `username`; the password read from
    /// `password_file` (one trailing newline removed, as `echo secret > file` leaves one).
    ///
    /// - Throws: ``MQTTSetupError`` naming the key and the file (never its content) when the file cannot be
    ///   read, is empty or holds more than an MQTT password can (65535 bytes).
    public static func load(for configuration: MQTTConfiguration) throws(MQTTSetupError) -> MQTTCredentials? {
        guard let username = configuration.username else { return nil }
        guard let path = configuration.passwordFile else { return MQTTCredentials(username: username, password: nil) }
        let file: SecretFile
        do {
            file = try SecretFile.read(path, key: "mqtt.password_file")
        } catch {
            throw MQTTSetupError(error.description)
        }
        let content = file.content
        guard content.count <= 65_535 else {
            throw MQTTSetupError("mqtt.password_file: \(path) holds more than 65535 bytes; an MQTT password cannot")
        }
        guard !content.contains(0) else { throw MQTTSetupError("mqtt.password_file: \(path) contains a NUL byte") }
        return MQTTCredentials(
            username: username, password: String(decoding: content, as: UTF8.self),
            passwordFileIsWorldReadable: file.isWorldReadable)
    }

    public var description: String {
        "MQTTCredentials(username: \(username), password: \(password == nil ? "none" : "<redacted>"))"
    }
}

/// Why the publisher cannot be set up: a password file, a CA file, libmosquitto refusing an option.
public struct MQTTSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// An error with its message.
    public init(_ description: String) { self.description = description }
}
