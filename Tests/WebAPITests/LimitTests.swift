import Diagnostics
import HTTPTestSupport
import Testing
import WebAPI

/// Abuse on loopback: distinct source addresses 127.0.0.2... stand for distinct hosts. Bounds are generous
/// for a loaded 2-core machine; waits poll for a state with a deadline instead of sleeping a fixed time.
@Suite("HTTP server: limits under abuse", .serialized)
struct LimitTests {
    static let abuseLimits = HTTPLimits(
        maxConnections: 32, maxConnectionsPerAddress: 4, connectionTimeoutSeconds: 10, connectionMemoryBytes: 16 * 1024,
        threads: 2, listenBacklog: 64, headerTimeoutSeconds: 60)


    /// Opens a connection from `source` and sends an unfinished request, as a slow client does.
    static func stalledClient(port: UInt16, source: String) throws -> RawHTTPConnection {
        let connection = try RawHTTPConnection(port: port, source: source)
        try? connection.send("GET /api/thing HTTP/1.1\r\nHost: x\r\nX-Slow: ")
        return connection
    }

    /// The abuse limits without an inactivity timeout inside a test's time: what these tests look at is the
    /// limit and the eviction, and a loaded machine can take seconds between two steps.
    static let patientLimits: HTTPLimits = {
        var limits = abuseLimits
        limits.connectionTimeoutSeconds = 120
        return limits
    }()

    @Test("the per-address limit holds: the 5th connection from one address is closed, others are served")
    func perAddressLimit() async throws {
        let log = InMemoryLogSink()
        let server = try makeServer(limits: Self.patientLimits, logSink: log)
        defer { server.stop() }
        let port = try #require(server.port)
        // One thread runs the whole client side: no wait for a busy cooperative pool between its steps.
        let seen = try await offPool { () throws -> (held: Int, fifthClosed: Bool, other: Int?, freed: Bool, again: Int?) in
            let held = try (0..<4).map { _ in try Self.stalledClient(port: port, source: "127.0.0.2") }
            defer { withExtendedLifetime(held) {} }
            _ = waitUntil(30) { server.openConnections == 4 }
            let heldOpen = server.openConnections
            // Closed at once by the limit, long before the inactivity timeout could do it.
            let fifth = try RawHTTPConnection(port: port, source: "127.0.0.2")
            try? fifth.send("GET /api/thing HTTP/1.1\r\nHost: x\r\n\r\n")
            let fifthClosed = fifth.closedByServer(within: 5)
            let other = try? RawHTTPClient.request("GET", "/api/thing", port: port, source: "127.0.0.3").status
            // A held slot frees when its client goes; then the address may connect again.
            held[0].close()
            let freed = waitUntil(30) { server.openConnections <= 3 }
            let again = try? RawHTTPClient.request("GET", "/api/thing", port: port, source: "127.0.0.2").status
            return (heldOpen, fifthClosed, other, freed, again)
        }
        #expect(seen.held == 4, "4 connections accepted, found \(seen.held); log: \(log.lines); open files: \(openFiles())")
        #expect(seen.fifthClosed)
        #expect(seen.other == 200, "a client from another address: \(String(describing: seen.other))")
        #expect(seen.freed, "a held slot freed once its client went")
        #expect(seen.again == 200, "the address again once a slot freed: \(String(describing: seen.again))")
    }

    @Test("16 slow clients from 4 addresses do not keep a fresh client from a 5th address waiting 500 ms")
    func slowClients() async throws {
        let server = try makeServer(limits: Self.patientLimits)
        defer { server.stop() }
        let port = try #require(server.port)
        let seen = try await offPool { () throws -> (held: Int, status: Int, elapsed: Double, stillOpen: Int) in
            // Each attacker tries 8 connections; the per-address limit lets 4 each in.
            var slow: [RawHTTPConnection] = []
            for address in ["127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5"] {
                for _ in 0..<8 {
                    if let connection = try? Self.stalledClient(port: port, source: address) { slow.append(connection) }
                }
            }
            defer { withExtendedLifetime(slow) {} }
            _ = waitUntil(30) { server.openConnections == 16 }
            let held = server.openConnections
            // Trickle one more header byte on every slow connection, as slowloris does.
            for connection in slow { try? connection.send("a") }
            let started = RawHTTPConnection.now()
            let fresh = try RawHTTPClient.request("GET", "/api/thing", port: port, source: "127.0.0.6", timeout: 5)
            return (held, fresh.status, RawHTTPConnection.now() - started, server.openConnections)
        }
        #expect(seen.held == 16, "16 slow connections held, found \(seen.held)")
        #expect(seen.status == 200)
        #expect(seen.elapsed < 0.5, "a fresh client waited \(seen.elapsed) s")
        #expect(seen.stillOpen >= 16, "the slow clients were still connected")
    }

    @Test("a 64 KiB header is refused, and the server goes on serving")
    func oversizeHeader() async throws {
        let server = try makeServer(limits: Self.abuseLimits)
        defer { server.stop() }
        let port = try #require(server.port)
        let status = try await offPool { () throws -> Int? in
            let connection = try RawHTTPConnection(port: port)
            let request = "GET /api/thing HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 64 * 1024) + "\r\n\r\n"
            do {
                try connection.send(request)
                return try connection.readResponse().status
            } catch {
                return nil  // closed while sending or before answering: refused too
            }
        }
        #expect(status == nil || status == 431 || status == 413, "got \(String(describing: status))")
        #expect(try await offPool { try RawHTTPClient.request("GET", "/api/thing", port: port).status } == 200)
    }

    @Test("an idle connection is closed after the inactivity timeout")
    func idleTimeout() async throws {
        var limits = Self.abuseLimits
        limits.connectionTimeoutSeconds = 1
        let server = try makeServer(limits: limits)
        defer { server.stop() }
        let port = try #require(server.port)
        let (closed, elapsed) = try await offPool { () throws -> (Bool, Double) in
            let connection = try RawHTTPConnection(port: port)
            let started = RawHTTPConnection.now()
            return (connection.closedByServer(within: 10), RawHTTPConnection.now() - started)
        }
        #expect(closed)
        #expect(elapsed >= 0.5)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
