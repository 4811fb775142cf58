import Configuration
import Diagnostics
import HTTPTestSupport
import JSON
import Testing
import WebAPI

@Suite("HTTP configuration and listen addresses")
struct HTTPConfigurationTests {
    @Test("listen addresses", arguments: [
        ("0.0.0.0:8080", "0.0.0.0:8080"), ("127.0.0.1:80", "127.0.0.1:80"), ("[::]:8080", "[::]:8080"),
        ("[::1]:9000", "[::1]:9000"), ("localhost:8080", "127.0.0.1:8080"), (":8081", "0.0.0.0:8081"),
        ("8082", "0.0.0.0:8082"), (" 10.0.0.5:1 ", "10.0.0.5:1"),
    ])
    func parses(text: String, expected: String) throws {
        #expect(try ListenAddress(parsing: text).description == expected)
    }

    @Test("bad listen addresses say what is wrong", arguments: [
        ("", "empty"), ("0.0.0.0:http", "'http' is not a port"), ("0.0.0.0:65536", "not a port"),
        ("example.com:80", "not an IPv4 address"), ("::1:80", "in brackets"), ("[::1:80", "closing ']'"),
        ("[::1]80", "':PORT'"), ("[zz]:80", "not an IPv6 address"), ("300.1.1.1:80", "not an IPv4 address"),
    ])
    func refuses(text: String, fragment: String) {
        do {
            _ = try ListenAddress(parsing: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    func section(_ text: String) throws -> ConfigSection {
        try ConfigFile.parse(Array(text.utf8), source: "test.json")
    }

    @Test("the http section: defaults, values, and every problem with its key path")
    func section() throws {
        #expect(HTTPConfiguration(section: nil) == .standard)
        #expect(HTTPConfiguration.standard.listen.description == "0.0.0.0:8080")
        let root = try section(#"{"http": {"listen": "[::]:9090", "max_connections": 100, "max_connections_per_ip": 10, "connection_timeout_s": 5, "connection_memory_kib": 32, "threads": 4}}"#)
        let configuration = HTTPConfiguration(section: root.section("http"))
        try root.finish()
        #expect(configuration.listen.description == "[::]:9090")
        #expect(configuration.limits == HTTPLimits(
            maxConnections: 100, maxConnectionsPerAddress: 10, connectionTimeoutSeconds: 5, connectionMemoryBytes: 32 * 1024,
            threads: 4, listenBacklog: 64))
        #expect(configuration.json["listen"] == "[::]:9090")

        let bad = try section(#"{"http": {"listen": "everywhere", "max_connections": 4, "max_connections_per_ip": 8, "threds": 2}}"#)
        _ = HTTPConfiguration(section: bad.section("http"))
        do {
            try bad.finish()
            Issue.record("expected errors")
        } catch {
            let text = error.description
            #expect(text.contains("http.listen: expected HOST:PORT"))
            #expect(text.contains("http.max_connections_per_ip: must not exceed max_connections (4)"))
            #expect(text.contains("http.threds: unknown key; did you mean \"threads\"?"))
        }
    }

    @Test("IPv6 loopback works")
    func ipv6() throws {
        let server = try makeServer(listen: ListenAddress(host: .ipv6(Array(repeating: 0, count: 15) + [1]), port: 0))
        defer { server.stop() }
        let response = try RawHTTPClient.request("GET", "/api/thing", port: try #require(server.port), host: "::1")
        #expect(response.status == 200)
    }

    @Test("[::] listens dual-stack: IPv4 clients are served too")
    func dualStack() throws {
        let server = try makeServer(listen: try ListenAddress(parsing: "[::]:0"))
        defer { server.stop() }
        let port = try #require(server.port)
        #expect(try RawHTTPClient.request("GET", "/api/thing", port: port, host: "127.0.0.1").status == 200)
        #expect(try RawHTTPClient.request("GET", "/api/thing", port: port, host: "::1").status == 200)
    }

    @Test("a port in use is a clear start error, and stop/start cycles work")
    func portInUse() throws {
        let first = try makeServer()
        let port = try #require(first.port)
        let second = try HTTPServer(
            listen: ListenAddress(host: .ipv4([127, 0, 0, 1]), port: port), limits: .standard, routes: [],
            logger: Logger(label: "t", sink: InMemoryLogSink()))
        do {
            try second.start()
            Issue.record("started twice on one port")
        } catch {
            #expect(error.description.contains("cannot listen on 127.0.0.1:\(port)"), "\(error)")
        }
        first.stop()
        #expect(first.port == nil)
        try second.start()
        #expect(second.port == port)
        second.stop()
    }

    @Test("limits are checked")
    func invalidLimits() {
        var limits = HTTPLimits.standard
        limits.maxConnectionsPerAddress = limits.maxConnections + 1
        #expect(throws: HTTPServerError.self) {
            _ = try HTTPServer(listen: .default, limits: limits, routes: [], logger: Logger(label: "t", sink: InMemoryLogSink()))
        }
        #expect(throws: HTTPServerError.self) {
            _ = try HTTPServer(
                listen: .default, limits: .standard, routes: [.resource("/a"), .resource("/a")],
                logger: Logger(label: "t", sink: InMemoryLogSink()))
        }
    }
}
