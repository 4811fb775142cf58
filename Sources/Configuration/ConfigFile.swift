#if canImport(Glibc)
import Glibc
import POSIX
#elseif canImport(Musl)
import Musl
#endif
import JSON

/// Reading a configuration file from disk.
public enum ConfigFile {
    /// The default location of the station's configuration.
    public static let defaultPath = "/etc/breeze-station/config.json"
    /// The largest configuration file read, bytes (1 MiB): a full configuration is a few kilobytes, and the
    /// cap keeps a mistaken or hostile file (a log, a disk image) from taking the board's memory.
    public static let maximumSize = 1 << 20

    /// Reads and parses the JSON file at `path` and returns its root section.
    ///
    /// The file is opened without blocking (a FIFO or a device never hangs the reader) and must be a regular
    /// file of at most ``maximumSize`` bytes.
    ///
    /// - Throws: ``ConfigErrors`` with one error naming the file when it cannot be read, is not a regular file,
    ///   is too large or is not valid JSON.
    public static func load(path: String) throws(ConfigErrors) -> ConfigSection {
        try parse(try read(path: path), source: path)
    }

    /// The bytes of the regular file at `path`, at most ``maximumSize``.
    public static func read(path: String) throws(ConfigErrors) -> [UInt8] {
        let shown = JSONValue.printable(path)
        func failure(_ message: String) -> ConfigErrors {
            ConfigErrors([ConfigError(keyPath: "", message: "cannot read \(shown): \(message)")])
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw failure(Self.reason(errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(Self.reason(errno)) }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            let found: String
            switch kind {
            case S_IFDIR: found = "a directory"
            case S_IFIFO: found = "a FIFO (named pipe)"
            case S_IFCHR: found = "a character device"
            case S_IFBLK: found = "a block device"
            case S_IFSOCK: found = "a socket"
            default: found = "not a regular file"
            }
            throw failure("expected a regular file, found \(found)")
        }
        guard status.st_size <= maximumSize else {
            throw failure("expected at most \(maximumSize) bytes (1 MiB), found \(status.st_size) bytes")
        }
        // Read to the end (one byte past the cap is read), since the file may grow after fstat.
        let contents: (bytes: [UInt8], complete: Bool)
        do {
            contents = try SystemCall.readToEnd(descriptor, limit: maximumSize)
        } catch {
            throw failure(Self.reason(error.code))
        }
        guard contents.complete else {
            throw failure("expected at most \(maximumSize) bytes (1 MiB), found more")
        }
        return contents.bytes
    }

    /// Parses `bytes` as a configuration document; `source` names it in errors. A key given twice in one object
    /// is an error.
    public static func parse(_ bytes: [UInt8], source: String) throws(ConfigErrors) -> ConfigSection {
        do {
            return ConfigSection(document: try JSONValue.parse(bytes, rejectDuplicateKeys: true))
        } catch {
            throw ConfigErrors([
                // The file first (the key path may be where the syntax broke, not a key the user wrote).
                ConfigError(keyPath: "", message: "\(JSONValue.printable(source)) is not valid JSON: \(error.description)")
            ])
        }
    }

    private static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case ENOTDIR: "a directory in the path is a file"
        case ELOOP: "too many symbolic links"
        case EISDIR: "expected a regular file, found a directory"
        default: String(cString: strerror(code))
        }
    }
}
