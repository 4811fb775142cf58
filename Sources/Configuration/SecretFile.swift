import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#endif

/// A secret the configuration keeps in a file of its own (`mqtt.password_file`, `opensensemap.token_file`):
/// read at start, one trailing newline removed (as `echo secret > file` leaves one). Its content never goes
/// into a message; errors name the key and the file.
public struct SecretFile: Sendable {
    /// The file's bytes without the trailing newline; never empty.
    public let content: [UInt8]
    /// Whether every user of the system may read the file (a warning worth logging).
    public let isWorldReadable: Bool

    /// Reads the file at `path`, named by `key` in errors.
    ///
    /// - Throws: ``SecretFileError`` ("`key`: cannot read `path`: no such file", "... is empty").
    public static func read(_ path: String, key: String) throws(SecretFileError) -> SecretFile {
        let bytes: [UInt8]
        do {
            bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw SecretFileError("\(key): cannot read \(path): \(reason(error))")
        }
        var content = bytes[...]
        if content.last == 0x0A { content = content.dropLast() }
        if content.last == 0x0D { content = content.dropLast() }
        guard !content.isEmpty else { throw SecretFileError("\(key): \(path) is empty") }
        var status = stat()
        let worldReadable = stat(path, &status) == 0 && (status.st_mode & S_IROTH) != 0
        return SecretFile(content: Array(content), isWorldReadable: worldReadable)
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

/// Why a secret file cannot be used; the message names the key and the file, never the content.
public struct SecretFileError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// An error with its message.
    public init(_ description: String) { self.description = description }
}
