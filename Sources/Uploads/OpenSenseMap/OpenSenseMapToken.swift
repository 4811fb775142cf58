import Configuration

/// The box's access token, read from `opensensemap.token_file` the way the MQTT password file is read. Its
/// description never shows it; it goes out only in the `Authorization` header.
public struct OpenSenseMapToken: Sendable, Hashable, CustomStringConvertible {
    /// The token, as the box's page shows it.
    public let value: String
    /// Set when the file can be read by every user of the system (a warning worth logging).
    public let fileIsWorldReadable: Bool

    /// A token.
    public init(value: String, fileIsWorldReadable: Bool = false) {
        self.value = value
        self.fileIsWorldReadable = fileIsWorldReadable
    }

    /// The token in the file at `path` (one trailing newline removed, as `echo token > file` leaves one).
    ///
    /// - Throws: ``OpenSenseMapSetupError`` naming the key and the file (never its content) when the file
    ///   cannot be read, is empty, is longer than 4096 bytes, or holds a control character (a line break
    ///   would end the header it goes into).
    public static func load(path: String) throws(OpenSenseMapSetupError) -> OpenSenseMapToken {
        let file: SecretFile
        do {
            file = try SecretFile.read(path, key: "opensensemap.token_file")
        } catch {
            throw OpenSenseMapSetupError(error.description)
        }
        let content = file.content
        guard content.count <= 4096 else {
            throw OpenSenseMapSetupError("opensensemap.token_file: \(path) holds more than 4096 bytes; a box token does not")
        }
        guard !content.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw OpenSenseMapSetupError(
                "opensensemap.token_file: \(path) holds a control character or more than one line; expected the token alone")
        }
        return OpenSenseMapToken(value: String(decoding: content, as: UTF8.self), fileIsWorldReadable: file.isWorldReadable)
    }

    public var description: String { "OpenSenseMapToken(<redacted>)" }
}

/// Why the openSenseMap uploader cannot be set up (a token file it cannot use).
public struct OpenSenseMapSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// An error with its message.
    public init(_ description: String) { self.description = description }
}
