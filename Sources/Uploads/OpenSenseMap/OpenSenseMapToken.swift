import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

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
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw OpenSenseMapSetupError("opensensemap.token_file: cannot read \(path): \(reason(error))")
        }
        var content = bytes[...]
        if content.last == 0x0A { content = content.dropLast() }
        if content.last == 0x0D { content = content.dropLast() }
        guard !content.isEmpty else { throw OpenSenseMapSetupError("opensensemap.token_file: \(path) is empty") }
        guard content.count <= 4096 else {
            throw OpenSenseMapSetupError("opensensemap.token_file: \(path) holds more than 4096 bytes; a box token does not")
        }
        guard !content.contains(where: { $0 < 0x20 || $0 == 0x7F }) else {
            throw OpenSenseMapSetupError(
                "opensensemap.token_file: \(path) holds a control character or more than one line; expected the token alone")
        }
        var status = stat()
        let worldReadable = stat(path, &status) == 0 && (status.st_mode & S_IROTH) != 0
        return OpenSenseMapToken(value: String(decoding: content, as: UTF8.self), fileIsWorldReadable: worldReadable)
    }

    public var description: String { "OpenSenseMapToken(<redacted>)" }

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

/// Why the openSenseMap uploader cannot be set up (a token file it cannot use).
public struct OpenSenseMapSetupError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// An error with its message.
    public init(_ description: String) { self.description = description }
}
