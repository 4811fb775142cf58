import Foundation
import Testing

@Suite("breeze-station serve")
struct ServeCommandTests {
    @Test("--snapshot is required")
    func missingSnapshot() async throws {
        let result = try await StationBinary.run(["serve"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--snapshot FILE is required"))
    }

    @Test("a bad snapshot file is named with what is wrong")
    func badSnapshot() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bad-snapshot-\(UUID().uuidString).json")
        try Data(#"{"station": {"name": 1}, "time": "2026-03-01T12:00:00Z"}"#.utf8).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let result = try await StationBinary.run(["serve", "--snapshot", path.path, "--listen", "127.0.0.1:0"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("station.name: expected a string, found a number"))
    }

    @Test("a bad listen address is a usage error")
    func badListen() async throws {
        let result = try await StationBinary.run(["serve", "--snapshot", "/nonexistent", "--listen", "somewhere"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--listen"))
    }

    @Test("serve is listed in --help")
    func listed() async throws {
        #expect(try await StationBinary.run(["--help"]).stdout.contains("serve"))
    }
}
