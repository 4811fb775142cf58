import Foundation
import JSON
import Testing

@testable import Configuration

/// What `check-config` says about files that are not configurations, or are hostile: one error naming the
/// key path, what was expected and what was found, never a raw `CocoaError`, a `DecodingError` or a raw
/// control byte; and no file makes reading slow.
@Suite("Configuration files: clear messages and bounded reading")
struct ConfigFileMessageTests {
    func errors(_ body: () throws(ConfigErrors) -> Void) -> [String] {
        do {
            try body()
            return []
        } catch {
            return error.errors.map(\.description)
        }
    }

    func loadErrors(_ path: String) -> [String] {
        errors { () throws(ConfigErrors) in _ = try ConfigFile.load(path: path) }
    }

    func parseErrors(_ text: String) -> [String] {
        parseErrors(Array(text.utf8))
    }

    func parseErrors(_ bytes: [UInt8]) -> [String] {
        errors { () throws(ConfigErrors) in
            let root = try ConfigFile.parse(bytes, source: "test.json")
            _ = root.section("storage")?.string("path")
            _ = root.section("openmeteo")?.sections("cities", maximumCount: 100)
            _ = root.array("numbers")
            try root.finish()
        }
    }

    func temporary(_ name: String) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("breeze-\(UUID().uuidString)-\(name)")
    }

    @Test("/dev/null, a directory and a FIFO: 'expected a regular file, found ...', and a FIFO never blocks")
    func notRegularFiles() throws {
        #expect(loadErrors("/dev/null") == ["cannot read /dev/null: expected a regular file, found a character device"])
        let directory = temporary("dir")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(loadErrors(directory.path) == ["cannot read \(directory.path): expected a regular file, found a directory"])
        let fifo = temporary("fifo")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        defer { try? FileManager.default.removeItem(at: fifo) }
        // No writer: a blocking open would hang here for ever.
        #expect(loadErrors(fifo.path) == ["cannot read \(fifo.path): expected a regular file, found a FIFO (named pipe)"])
        let errors = loadErrors("/nonexistent/config.json")
        #expect(errors == ["cannot read /nonexistent/config.json: no such file"])
        #expect(!(errors + loadErrors("/dev/null")).joined().contains("Error("))
    }

    @Test("a file over 1 MiB is refused with the cap")
    func tooLarge() throws {
        let url = temporary("big.json")
        let text = "{\"numbers\": [" + Array(repeating: "1", count: 600_000).joined(separator: ",") + "]}"
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let errors = loadErrors(url.path)
        #expect(errors.count == 1)
        #expect(errors.first?.contains("expected at most 1048576 bytes (1 MiB), found \(text.utf8.count) bytes") == true, "\(errors)")
    }

    @Test("1e999 names the key and says the number is out of range")
    func hugeNumber() {
        let errors = parseErrors("{\"storage\": {\"retention_days\": 1e999}}")
        #expect(errors.count == 1)
        let error = errors.first ?? ""
        #expect(error.hasPrefix("test.json is not valid JSON: line 1, column 32 (at storage.retention_days): "), "\(error)")
        #expect(error.contains("the number 1e999 is out of range"), "\(error)")
        #expect(!error.contains("DecodingError") && !error.contains("typeMismatch"))
    }

    @Test("a syntax error gives its line and column")
    func syntaxError() {
        let errors = parseErrors("{\n  \"storage\": {\n    \"path\": \"/x\",\n  }\n}")
        #expect(errors == ["test.json is not valid JSON: line 4, column 3 (at storage): unexpected character '}'; expected a key in double quotes"], "\(errors)")
        let truncated = parseErrors("{\"a\": ")
        #expect(truncated == ["test.json is not valid JSON: line 1, column 7 (at a): unexpected end of the document"], "\(truncated)")
    }

    @Test("a key given twice is an error naming both places")
    func duplicateKey() {
        let errors = parseErrors("{\"storage\": {\"path\": \"/a/history.db\",\n \"path\": \"/b/history.db\"}}")
        #expect(errors == ["test.json is not valid JSON: line 2, column 2 (at storage.path): duplicate key (first at line 1, column 14); each key may appear once"], "\(errors)")
    }

    @Test("NUL and other control bytes are never echoed raw")
    func controlBytes() {
        // A raw NUL inside a string is not JSON.
        var bytes = Array("{\"storage\": {\"path\": \"/var/lib/x".utf8)
        bytes += [0] + Array("y\"}}".utf8)
        let raw = parseErrors(bytes)
        #expect(raw.count == 1)
        #expect(raw.first?.contains("control character U+0000 in a string") == true, "\(raw)")
        // Escaped NULs are valid JSON: in an unknown key and in a value they are shown escaped.
        let escaped = parseErrors(#"{"na\u0000me": 1, "storage": {"path": 5}}"#)
        #expect(escaped.contains { $0.hasPrefix("na\\u{0}me: unknown key") }, "\(escaped)")
        let value = parseErrors(#"{"storage": {"path": "\u0000\u001b[31m"}}"#)
        #expect(value.isEmpty, "a valid string is not an error here: \(value)")
        #expect(ConfigSection.describe(.string("\u{0}\u{1B}[31m")) == "\"\\u{0}\\u{1B}[31m\"")
        for line in raw + escaped {
            #expect(!line.unicodeScalars.contains { $0.value < 0x20 }, "raw control byte in \(line)")
        }
    }

    @Test("16,000 cities: one error saying the list is too long, with the limit (not 'unknown key')")
    func tooManyCities() {
        let city = #"{"name": "X", "latitude": 1, "longitude": 2}"#
        let text = "{\"openmeteo\": {\"cities\": [" + Array(repeating: city, count: 16_000).joined(separator: ",") + "]}}"
        let started = ContinuousClock.now
        let errors = parseErrors(text)
        print("16,000 cities read and refused in \(ContinuousClock.now - started)")
        #expect(errors == ["openmeteo.cities: the list is too long: expected at most 100 entries, found 16000"], "\(errors.prefix(3))")
    }

    @Test("200,000 numbers in a list: refused with the default cap")
    func hugeList() {
        let text = "{\"numbers\": [" + Array(repeating: "7", count: 200_000).joined(separator: ",") + "]}"
        let started = ContinuousClock.now
        let errors = parseErrors(text)
        print("200,000 numbers read and refused in \(ContinuousClock.now - started)")
        #expect(errors == ["numbers: the list is too long: expected at most 1000 entries, found 200000"], "\(errors.prefix(3))")
    }

    @Test("thousands of bad entries in one list are listed up to a bound, the rest counted")
    func manyProblems() {
        let text = "{" + (0..<5000).map { "\"unknown\($0)\": 1" }.joined(separator: ",") + "}"
        let errors = parseErrors(text)
        #expect(errors.count == ConfigErrorSink.maximumListed + 1)
        #expect(errors.last == "and \(5000 - ConfigErrorSink.maximumListed) more problems not listed")
    }
}
