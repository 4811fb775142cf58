#if canImport(Glibc)
    import Glibc
#endif
import JSON

/// Reading and atomically replacing a small JSON file (the station's state directory is on an SD card that
/// may lose power at any moment).
enum JSONFile {
    /// Why a file could not be read or written; names the file and the failing call.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The document at `path`; nil when the file does not exist.
    static func read(_ path: String) throws(Failure) -> JSONValue? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return nil }
            throw failure("open", path)
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure("read", path)
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > 16 << 20 { throw Failure(description: "\(path) is larger than 16 MiB") }
        }
        do {
            return try JSONValue.parse(bytes)
        } catch {
            throw Failure(description: "\(path) is not valid JSON: \(error.description)")
        }
    }

    /// Replaces `path` with `document`: written to `path.tmp`, flushed, renamed over the old file, and the
    /// directory flushed, so a power cut leaves either the old or the new file, never half of one.
    static func write(_ document: JSONValue, to path: String) throws(Failure) {
        let temporary = path + ".tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure("open", temporary) }
        var bytes = document.serializedBytes()
        bytes.append(0x0A)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                let error = failure("write", temporary)
                close(descriptor)
                unlink(temporary)
                throw error
            }
            offset += written
        }
        if fsync(descriptor) != 0 {
            let error = failure("fsync", temporary)
            close(descriptor)
            unlink(temporary)
            throw error
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let error = failure("rename", path)
            unlink(temporary)
            throw error
        }
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let directoryDescriptor = open(directory.isEmpty ? (path.hasPrefix("/") ? "/" : ".") : directory, O_RDONLY | O_DIRECTORY)
        if directoryDescriptor >= 0 {
            fsync(directoryDescriptor)
            close(directoryDescriptor)
        }
    }

    private static func failure(_ call: String, _ path: String) -> Failure {
        Failure(description: "\(call)(\(path)): \(String(cString: strerror(errno)))")
    }
}
