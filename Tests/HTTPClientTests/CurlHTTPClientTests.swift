import Clocks
import Diagnostics
import Foundation
import HTTPClient
import OpenMeteoTestSupport
import Testing

/// The real libcurl client against a real TCP server on loopback.
@Suite("CurlHTTPClient on loopback")
struct CurlHTTPClientTests {
    /// `{"hello":"gzip"}` compressed with gzip.
    static let gzippedHello: [UInt8] = [
        0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x02, 0x03, 0xab, 0x56, 0xca, 0x48, 0xcd, 0xc9, 0xc9, 0x57,
        0xb2, 0x52, 0x4a, 0xaf, 0xca, 0x2c, 0x50, 0xaa, 0x05, 0x00, 0xf6, 0x4f, 0x05, 0x6f, 0x10, 0x00, 0x00, 0x00,
    ]

    func client(_ options: HTTPClientOptions = HTTPClientOptions(connectTimeout: .seconds(2), timeout: .seconds(5)))
        throws -> CurlHTTPClient
    {
        try CurlHTTPClient(options: options)
    }

    @Test("a 200 answer: status, headers, body; the request names the station and accepts gzip and JSON")
    func success() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"ok":true}"#) }
        let response = try await client().send(HTTPRequest(
            url: server.baseURL + "/v1/thing?a=1", headers: [HTTPHeaderField(name: "X-Test", value: "yes")]))
        #expect(response.status == 200)
        #expect(response.bodyText == #"{"ok":true}"#)
        #expect(response.header("content-type") == "application/json; charset=utf-8")
        let request = try #require(server.requests.first)
        #expect(request.path == "/v1/thing")
        #expect(request.query["a"] == "1")
        #expect(request.headers["user-agent"] == BuildInfo.userAgent)
        #expect(request.headers["accept-encoding"]?.contains("gzip") == true)
        #expect(request.headers["accept"] == "application/json")
        #expect(request.headers["x-test"] == "yes")
    }

    @Test("a gzip body arrives decoded")
    func gzip() async throws {
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(status: 200, headers: [("Content-Encoding", "gzip")], body: Self.gzippedHello)
        }
        let response = try await client().send(HTTPRequest(url: server.baseURL + "/"))
        #expect(response.bodyText == #"{"hello":"gzip"}"#)
    }

    @Test("4xx and 5xx are responses, not errors")
    func errorStatuses() async throws {
        let server = try LoopbackHTTPServer { request in
            request.path == "/missing" ? .json(#"{"error":true,"reason":"nope"}"#, status: 400) : .text("down", status: 503)
        }
        let http = try client()
        #expect(try await http.send(HTTPRequest(url: server.baseURL + "/missing")).status == 400)
        #expect(try await http.send(HTTPRequest(url: server.baseURL + "/other")).status == 503)
    }

    @Test("connection refused is a clear, transient error")
    func refused() async throws {
        let refusing = try #require(RefusedLoopbackPort())
        defer { withExtendedLifetime(refusing) {} }
        let url = "http://127.0.0.1:\(refusing.port)/v1/search"
        let error = await #expect(throws: HTTPClientError.self) { try await client().send(HTTPRequest(url: url)) }
        #expect(error?.kind == .connectionFailed)
        #expect(error?.isTransient == true)
        #expect(error?.description.contains("connection refused") == true)
        #expect(error?.description.contains(url) == true)
    }

    @Test("a server slower than the total timeout ends in timed_out")
    func timeout() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackResponse.json("{}")
            response.delay = .seconds(5)
            return response
        }
        let http = try client(HTTPClientOptions(connectTimeout: .seconds(2), timeout: .milliseconds(300)))
        let error = await #expect(throws: HTTPClientError.self) { try await http.send(HTTPRequest(url: server.baseURL)) }
        #expect(error?.kind == .timedOut)
        #expect(error?.description.contains("timed out") == true)
        server.stop()
    }

    @Test("a body announced larger than the limit is refused")
    func announcedTooLarge() async throws {
        let server = try LoopbackHTTPServer { _ in .json("[" + String(repeating: "1,", count: 50_000) + "1]") }
        let http = try client(HTTPClientOptions(maximumResponseBytes: 10_000))
        let error = await #expect(throws: HTTPClientError.self) { try await http.send(HTTPRequest(url: server.baseURL)) }
        #expect(error?.kind == .responseTooLarge)
        #expect(error?.description.contains("10000 bytes") == true)
    }

    @Test("a small gzip body that inflates past the limit is aborted while decoding")
    func inflatesTooLarge() async throws {
        // 200 kB of spaces compress to a few hundred bytes; Content-Length is small, the decoded body is not.
        let compressed = try Self.gzip(Array(repeating: UInt8(ascii: " "), count: 200_000))
        #expect(compressed.count < 10_000)
        let server = try LoopbackHTTPServer { _ in
            LoopbackResponse(status: 200, headers: [("Content-Encoding", "gzip")], body: compressed)
        }
        let http = try client(HTTPClientOptions(maximumResponseBytes: 10_000))
        let error = await #expect(throws: HTTPClientError.self) { try await http.send(HTTPRequest(url: server.baseURL)) }
        #expect(error?.kind == .responseTooLarge)
    }

    @Test("a body cut off mid-transfer is a transfer failure")
    func truncated() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackResponse.json(String(repeating: "{}", count: 1000))
            response.truncateAfter = 300
            return response
        }
        let error = await #expect(throws: HTTPClientError.self) { try await client().send(HTTPRequest(url: server.baseURL)) }
        #expect(error?.kind == .transferFailed)
        #expect(error?.isTransient == true)
    }

    @Test("a connection closed without an answer is a transfer failure")
    func dropped() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackResponse.json("{}")
            response.closeWithoutResponse = true
            return response
        }
        let error = await #expect(throws: HTTPClientError.self) { try await client().send(HTTPRequest(url: server.baseURL)) }
        #expect(error?.kind == .transferFailed)
    }

    @Test("URLs that are not http(s) are refused before any connection", arguments: [
        "ftp://example.com/file", "file:///etc/passwd", "not a url", "http://", "http:///path", "https://a b/",
    ])
    func invalidURL(_ url: String) async throws {
        let error = await #expect(throws: HTTPClientError.self) { try await client().send(HTTPRequest(url: url)) }
        #expect(error?.kind == .invalidURL)
    }

    @Test("cancelling the waiting task aborts the transfer at once")
    func cancellation() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackResponse.json("{}")
            response.delay = .seconds(10)
            return response
        }
        let http = try client(HTTPClientOptions(timeout: .seconds(30)))
        let task = Task { try await http.send(HTTPRequest(url: server.baseURL)) }
        while server.requests.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        task.cancel()
        let result = await task.result
        #expect(throws: HTTPClientError.self) { try result.get() }
        if case .failure(let error as HTTPClientError) = result { #expect(error.kind == .cancelled) }
        server.stop()
    }

    @Test("many concurrent requests share the one worker thread")
    func concurrent() async throws {
        let server = try LoopbackHTTPServer { request in
            var response = LoopbackResponse.json(#"{"n":\#(request.query["n"] ?? "")}"#)
            response.delay = .milliseconds(100)
            return response
        }
        let http = try client()
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<12 {
                group.addTask { try await http.send(HTTPRequest(url: server.baseURL + "/?n=\(index)")).bodyText }
            }
            return try await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(bodies == Set((0..<12).map { #"{"n":\#($0)}"# }))
    }

    @Test("after shutdown, requests fail cleanly")
    func shutdown() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        let http = try client()
        _ = try await http.send(HTTPRequest(url: server.baseURL))
        http.shutdown()
        let error = await #expect(throws: HTTPClientError.self) { try await http.send(HTTPRequest(url: server.baseURL)) }
        #expect(error?.kind == .clientUnavailable)
    }

    /// gzip through /bin/gzip (Debian essential), so the test need not carry a large blob.
    static func gzip(_ bytes: [UInt8]) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-c", "-n"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(bytes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Array(data)
    }
}
