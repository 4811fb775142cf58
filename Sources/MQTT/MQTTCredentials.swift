import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

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
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw MQTTSetupError("mqtt.password_file: cannot read \(path): \(reason(error))")
        }
        var content = bytes[...]
        if content.last == 0x0A { content = content.dropLast() }
        if content.last == 0x0D { content = content.dropLast() }
        guard !content.isEmpty else { throw MQTTSetupError("mqtt.password_file: \(path) is empty") }
        guard content.count <= 65_535 else {
            throw MQTTSetupError("mqtt.password_file: \(path) holds more than 65535 bytes; an MQTT password cannot")
        }
        guard !content.contains(0) else { throw MQTTSetupError("mqtt.password_file: \(path) contains a NUL byte") }
        var status = stat()
        let worldReadable = stat(path, &status) == 0 && (status.st_mode & S_IROTH) != 0
        return MQTTCredentials(
            username: username, password: String(decoding: content, as: UTF8.self),
            passwordFileIsWorldReadable: worldReadable)
    }

    public var description: String {
        "MQTTCredentials(username: \(username), password: \(password == nil ? "none" : "<redacted>"))"
    }

    private static func reason(_ error: any Error) -> String {
        if let error = error as? CocoaError {
            switch error.code {
            case .fileReadNoSuchFile: return "no such file"
            case .fileReadNoPermission: return "permission denied"
            default: break
            }
        }
        return "\(error)"
    }
}

/// Why the publisher cannot be set up: a password file, a CA file, libmosquitto refusing an option.
public struct MQTTSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// An error with its message.
    public init(_ description: String) { self.description = description }
}
