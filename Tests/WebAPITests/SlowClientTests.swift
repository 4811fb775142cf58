import Diagnostics
import HTTPTestSupport
import Testing
import WebAPI

/// Slowloris against the production limits (issue 19 §3): 8 hosts (127.0.0.2-127.0.0.9) × 8 connections
/// trickling header bytes hold every one of the 64 slots. Every wait is async or off the cooperative pool
/// (``offPool(_:)``), so the test holds no pool thread while the server works.
@Suite("HTTP server: slow clients", .serialized)
struct SlowClientTests {
    /// The production limits (64 connections, 8 per address, 2 threads) with a header deadline and an
    /// inactivity timeout long enough that the slow clients stay while a loaded machine sets them up: what
    /// lets the fresh client in is the eviction of the oldest slow connection, not a timeout.
    static let production: HTTPLimits = {
        var limits = HTTPLimits.standard
        limits.headerTimeoutSeconds = 60
        limits.connectionTimeoutSeconds = 120
        return limits
    }()


    /// Opens `count` connections from `source` that send an unfinished request (none where refused).
    static func trickling(_ count: Int, port: UInt16, source: String) -> [RawHTTPConnection] {
        (0..<count).compactMap { _ in
            guard let connection = try? RawHTTPConnection(port: port, source: source) else { return nil }
            try? connection.send("GET /api/thing HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            return connection
        }
    }

    /// What one slowloris round saw: the connections the server held, then a fresh client's answer and wait.
    struct Round: Sendable {
        var held: Int
        var status: Int
        var elapsed: Double
        var diagnosis: String
    }

    /// Opens 8 trickling connections from each host, waits for the server to hold 64, optionally trickles one
    /// more byte on each, then times a fresh client from 127.0.0.10: all on one thread, so no wait for a busy
    /// cooperative pool sits between the steps.
    static func round(port: UInt16, hosts: [Int], trickleAgain: Bool, server: HTTPServer) throws -> Round {
        var slow: [RawHTTPConnection] = []
        for host in hosts { slow += trickling(8, port: port, source: "127.0.0.\(host)") }
        defer { withExtendedLifetime(slow) {} }
        _ = waitUntil(30) { server.openConnections == 64 }
        let held = server.openConnections
        let diagnosis = "open files: \(openFiles()); \(listenQueue(port: port)); \(slow.count) clients: "
            + "\(Dictionary(grouping: slow.map(\.descriptorState)) { $0 }.mapValues(\.count))"
        // One more header byte on each, as slowloris does: activity that keeps the inactivity timeout away.
        if trickleAgain { for connection in slow { try? connection.send("a") } }
        let started = RawHTTPConnection.now()
        let fresh = try RawHTTPClient.request("GET", "/api/thing", port: port, source: "127.0.0.10", timeout: 10)
        return Round(held: held, status: fresh.status, elapsed: RawHTTPConnection.now() - started, diagnosis: diagnosis)
    }

    @Test("the oldest slow connections give way: 9 trickling hosts (72 connections) still leave room for a fresh one")
    func slowClientsGiveWay() async throws {
        let server = try makeServer(limits: Self.production)
        defer { server.stop() }
        let port = try #require(server.port)
        // Each connection past 64 takes the slot of the oldest one still waiting for its headers.
        let seen = try await offPool { try Self.round(port: port, hosts: [2, 3, 4, 5, 6, 7, 8, 9, 11], trickleAgain: false, server: server) }
        #expect(seen.held == 64, "64 connections open, found \(seen.held); \(seen.diagnosis)")
        #expect(seen.status == 200)
        #expect(seen.elapsed < 1, "the fresh client waited \(seen.elapsed) s")
    }

    @Test("64 trickling connections from 8 hosts: a fresh client from a 9th host is answered within 1 s")
    func freshClientServed() async throws {
        let log = InMemoryLogSink()
        let server = try makeServer(limits: Self.production, logSink: log)
        defer { server.stop() }
        let port = try #require(server.port)
        let seen = try await offPool { try Self.round(port: port, hosts: Array(2...9), trickleAgain: true, server: server) }
        #expect(seen.held == 64, "64 slow connections held, found \(seen.held); log: \(log.lines); \(seen.diagnosis)")
        #expect(seen.status == 200)
        #expect(seen.elapsed < 1, "the fresh client waited \(seen.elapsed) s")
        print("slowloris: a fresh client from a 9th host answered in \(Int(seen.elapsed * 1000)) ms")
    }

    @Test("a request trickled one byte at a time is closed at the header deadline, though never inactive")
    func headerDeadline() async throws {
        var limits = HTTPLimits.standard
        limits.headerTimeoutSeconds = 1
        let server = try makeServer(limits: limits)
        defer { server.stop() }
        let port = try #require(server.port)
        let (closed, elapsed) = try await offPool { () throws -> (Bool, Double) in
            // Timed from before the connect: the deadline runs from the server's accept.
            let started = RawHTTPConnection.now()
            let connection = try RawHTTPConnection(port: port)
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

/// Descriptors this test process has open (/proc/self/fd), to tell descriptor exhaustion from a slow server.
func openFiles() -> Int {
    guard let directory = opendir("/proc/self/fd") else { return -1 }
    defer { closedir(directory) }
    var count = 0
    while readdir(directory) != nil { count += 1 }
    return count - 2
}

#if canImport(Glibc)
    import Glibc
#endif

/// The listening socket of `port` as /proc/net/tcp shows it: its accept queue (connections the kernel
/// completed that the server has not accepted yet) and how many connections to it are established.
func listenQueue(port: UInt16) -> String {
    guard let file = fopen("/proc/net/tcp", "r") else { return "no /proc/net/tcp" }
    defer { fclose(file) }
    let hexPort = String(port, radix: 16, uppercase: true)
    let wanted = String(repeating: "0", count: max(0, 4 - hexPort.count)) + hexPort
    var queued = "?"
    var established = 0
    var line = [CChar](repeating: 0, count: 512)
    while fgets(&line, Int32(line.count), file) != nil {
        let fields = String(cString: line).split(separator: " ")
        guard fields.count > 4, fields[1].hasSuffix(":" + wanted) else { continue }
        if fields[3] == "0A" { queued = String(fields[4]) }
        if fields[3] == "01" { established += 1 }
    }
    return "listen tx:rx queue \(queued), established \(established)"
}
