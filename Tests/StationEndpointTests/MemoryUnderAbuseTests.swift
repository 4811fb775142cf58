import Foundation
import HTTPTestSupport
import Testing
import ThreadTestSupport

/// Memory of the real server process under refused requests (mosquitto's style of memory bound).
@Suite("server memory under abuse", .serialized, .dedicatedThread)
struct MemoryUnderAbuseTests {
    /// One request with a 64 KiB header on a fresh connection; the status, or nil when the server closed
    /// the connection instead of answering.
    static func oversize(port: UInt16) throws -> Int? {
        let connection = try RawHTTPConnection(port: port)
        defer { connection.close() }
        let request = "GET /api/v1/current HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 64 * 1024) + "\r\n\r\n"
        do {
            try connection.send(request)
            return try connection.readResponse(timeout: 10).status
        } catch {
            return nil
        }
    }

    @Test("1,000 refused 64 KiB-header requests grow the server's RSS by less than 1 MiB")
    func refusedRequestsDoNotGrowMemory() throws {
        let server = try ServerProcess(arguments: ["--snapshot", Fixture.snapshotPath])
        // Warm up: let allocators and libmicrohttpd reach their steady state.
        for _ in 0..<100 { _ = try Self.oversize(port: server.port) }
        for path in ["/", "/api/v1/current", "/metrics"] {
            #expect(try RawHTTPClient.request("GET", path, port: server.port).status == 200)
        }
        let before = try #require(ProcessMemory.residentBytes(pid: server.pid))
        var answered: [Int: Int] = [:]
        var closed = 0
        for _ in 0..<1000 {
            if let status = try Self.oversize(port: server.port) { answered[status, default: 0] += 1 } else { closed += 1 }
        }
        let after = try #require(ProcessMemory.residentBytes(pid: server.pid))
        #expect(answered[200] == nil, "an oversize request was served: \(answered)")
        #expect(closed + answered.values.reduce(0, +) == 1000)
        #expect(after - before < 1024 * 1024, "RSS grew from \(before) to \(after) bytes")
        // Still serving.
        #expect(try RawHTTPClient.request("GET", "/api/v1/current", port: server.port).status == 200)
        print("RSS before \(before / 1024) KiB, after \(after / 1024) KiB; answered \(answered), closed \(closed)")
    }
}
