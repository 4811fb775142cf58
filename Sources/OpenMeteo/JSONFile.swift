import JSON
import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// Reading and atomically replacing a small JSON file (the station's state directory is on an SD card that
/// may lose power at any moment).
enum JSONFile {
    /// Why a file could not be read or written; names the file and the failing call.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The largest file read (16 MiB): the documents are a few kilobytes.
    static let maximumSize = 16 << 20

    /// The document at `path`; nil when the file does not exist.
    static func read(_ path: String) throws(Failure) -> JSONValue? {
        let contents: (bytes: [UInt8], complete: Bool)
        do {
            let file = try FileDescriptor(opening: path, O_RDONLY)
            contents = try file.readToEnd(limit: maximumSize, call: "read(\(path))")
        } catch where error.code == ENOENT {
            return nil
        } catch {
            throw Failure(description: error.description)
        }
        guard contents.complete else { throw Failure(description: "\(path) is larger than 16 MiB") }
        do {
            return try JSONValue.parse(contents.bytes)
        } catch {
            throw Failure(description: "\(path) is not valid JSON: \(error.description)")
        }
    }

    /// Replaces `path` with `document` (and a newline), so a power cut leaves either the old or the new
    /// file, never half of one (``AtomicFile``).
    static func write(_ document: JSONValue, to path: String) throws(Failure) {
        var bytes = document.serializedBytes()
        bytes.append(0x0A)
        do {
            try AtomicFile.write(bytes, to: path)
        } catch {
            throw Failure(description: error.description)
        }
    }
}
