#if canImport(Glibc)
    import Glibc
#endif
import FoundationEssentials
import POSIX

/// Writing to stdout and stderr, and JSON for commands that print it.
enum Output {
    /// Writes `text` and a newline to stdout, flushed so a pipe reader sees it at once.
    static func line(_ text: String) {
        writeLine(text, to: 1)
    }

    /// Writes `text` and a newline to stderr.
    static func error(_ text: String) {
        writeLine(text, to: 2)
    }

    /// One `write(2)` loop per line, unbuffered, so output interleaves correctly with a child's and reaches a
    /// pipe at once.
    private static func writeLine(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)
        bytes.append(0x0A)
        try? SystemCall.writeAll(descriptor, bytes)
    }

    /// Encodes `value` as one line of JSON (keys sorted, so output is stable) and writes it to stdout.
    static func json(_ value: some Encodable) throws {
        line(try jsonString(value))
    }

    /// `value` as one line of JSON with sorted keys and unescaped slashes.
    static func jsonString(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
