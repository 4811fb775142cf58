import HTTPTestSupport
import Testing
import WebAPI

/// Slowloris against the production limits (issue 19 §3): 8 hosts (127.0.0.2-127.0.0.9) × 8 connections
/// trickling header bytes hold every one of the 64 slots. Every wait is async or off the cooperative pool
/// (``offPool(_:)``), so the test holds no pool thread while the server works.
@Suite("HTTP server: slow clients", .serialized)
struct SlowClientTests {
    /// Waits until `condition` holds, up to `timeout` seconds, sleeping (not blocking) between looks.
    func eventually(_ timeout: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = RawHTTPConnection.now() + timeout
        while RawHTTPConnection.now() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return condition()
    }

    /// Opens `count` connections from `source` that send an unfinished request (nil where refused).
    func trickling(_ count: Int, port: UInt16, source: String) async throws -> [RawHTTPConnection] {
        try await offPool {
            (0..<count).compactMap { _ in
                guard let connection = try? RawHTTPConnection(port: port, source: source) else { return nil }
                try? connection.send("GET /api/thing HTTP/1.1\r\nHost: x\r\nX-Slow: ")
                return connection
            }
        }
    }

    @Test("64 trickling connections from 8 hosts: a fresh client from a 9th host is answered within 1 s")
    func freshClientServed() async throws {
        let server = try makeServer(limits: .standard)
        defer { server.stop() }
        let port = try #require(server.port)
        var slow: [RawHTTPConnection] = []
        for host in 2...9 { slow += try await trickling(8, port: port, source: "127.0.0.\(host)") }
        #expect(await eventually { server.openConnections == 64 }, "64 slow connections held, found \(server.openConnections)")
        // One more header byte on each, as slowloris does: activity that keeps the inactivity timeout away.
        let held = slow
        try await offPool { for connection in held { try? connection.send("a") } }
        let (status, elapsed) = try await offPool { () throws -> (Int, Double) in
            let started = RawHTTPConnection.now()
            let fresh = try RawHTTPClient.request("GET", "/api/thing", port: port, source: "127.0.0.10", timeout: 10)
            return (fresh.status, RawHTTPConnection.now() - started)
        }
        #expect(status == 200)
        #expect(elapsed < 1, "the fresh client waited \(elapsed) s")
        print("slowloris: a fresh client from a 9th host answered in \(Int(elapsed * 1000)) ms")
        withExtendedLifetime(slow) {}
    }

    @Test("the oldest slow connections give way: 9 trickling hosts (72 connections) still leave room for a fresh one")
    func slowClientsGiveWay() async throws {
        let server = try makeServer(limits: .standard)
        defer { server.stop() }
        let port = try #require(server.port)
        var slow: [RawHTTPConnection] = []
        for host in [2, 3, 4, 5, 6, 7, 8, 9, 11] { slow += try await trickling(8, port: port, source: "127.0.0.\(host)") }
        // Each connection past 64 took the slot of the oldest one still waiting for its headers.
        #expect(await eventually { server.openConnections == 64 }, "64 connections open, found \(server.openConnections)")
        let (status, elapsed) = try await offPool { () throws -> (Int, Double) in
            let started = RawHTTPConnection.now()
            let fresh = try RawHTTPClient.request("GET", "/api/thing", port: port, source: "127.0.0.10", timeout: 10)
            return (fresh.status, RawHTTPConnection.now() - started)
        }
        #expect(status == 200)
        #expect(elapsed < 1, "the fresh client waited \(elapsed) s")
        withExtendedLifetime(slow) {}
    }

    @Test("a request trickled one byte at a time is closed at the header deadline, though never inactive")
    func headerDeadline() async throws {
        var limits = HTTPLimits.standard
        limits.headerTimeoutSeconds = 1
        let server = try makeServer(limits: limits)
        defer { server.stop() }
        let port = try #require(server.port)
        let connection = try await offPool { try RawHTTPConnection(port: port) }
        let (closed, elapsed) = try await offPool { () -> (Bool, Double) in
            let started = RawHTTPConnection.now()
            for byte in Array("GET /api/thing HTTP/1.1\r\nHost: x\r\nX-Slow: ".utf8) + Array(repeating: 97, count: 200) {
                do { try connection.send([byte]) } catch { return (true, RawHTTPConnection.now() - started) }
                if connection.closedByServer(within: 0.1) { return (true, RawHTTPConnection.now() - started) }
            }
            return (false, RawHTTPConnection.now() - started)
        }
        #expect(closed, "still open after \(elapsed) s of trickling")
        #expect(elapsed >= 0.9 && elapsed < 8, "closed after \(elapsed) s (deadline 1 s; inactivity timeout 10 s)")
    }

    @Test("an idle kept-alive connection is closed at the keep-alive timeout, well before the inactivity timeout")
    func keepAliveTimeout() async throws {
        var limits = HTTPLimits.standard
        limits.keepAliveTimeoutSeconds = 1
        let server = try makeServer(limits: limits)
        defer { server.stop() }
        let port = try #require(server.port)
        let (status, closed, elapsed) = try await offPool { () throws -> (Int, Bool, Double) in
            let connection = try RawHTTPConnection(port: port)
            try connection.send("GET /api/thing HTTP/1.1\r\nHost: x\r\n\r\n")
            let status = try connection.readResponse().status
            let started = RawHTTPConnection.now()
            let closed = connection.closedByServer(within: 8)
            return (status, closed, RawHTTPConnection.now() - started)
        }
        #expect(status == 200)
        #expect(closed && elapsed >= 0.9 && elapsed < 8, "closed: \(closed) after \(elapsed) s")
    }
}
