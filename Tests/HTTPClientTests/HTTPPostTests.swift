import Diagnostics
import HTTPClient
import OpenMeteoTestSupport
import Testing

/// POST through the real libcurl client to a real loopback server that reads the body.
@Suite("HTTP POST on loopback")
struct HTTPPostTests {
    func client() throws -> CurlHTTPClient {
        try CurlHTTPClient(options: HTTPClientOptions(connectTimeout: .seconds(2), timeout: .seconds(10)))
    }

    @Test("a POST sends its method, the caller's headers and Content-Type, and the body bytes exactly")
    func postBody() async throws {
        let server = try LoopbackHTTPServer { _ in .json(#"{"created":true}"#, status: 201) }
        let body = Array(#"{"software_version":"x","sensordatavalues":[]}"#.utf8)
        let response = try await client().send(HTTPRequest(
            method: .post, url: server.baseURL + "/v1/push-sensor-data/",
            headers: [HTTPHeaderField(name: "Content-Type", value: "application/json"),
                      HTTPHeaderField(name: "X-Pin", value: "1")],
            body: body))
        #expect(response.status == 201)
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.path == "/v1/push-sensor-data/")
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["x-pin"] == "1")
        #expect(request.headers["content-length"] == String(body.count))
        #expect(request.headers["user-agent"] == BuildInfo.userAgent)
        #expect(request.body == body)
    }

    @Test("a body with zero bytes and every byte value arrives unchanged")
    func binaryBody() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        let body = (0..<1000).map { UInt8($0 % 256) }
        _ = try await client().send(HTTPRequest(
            method: .post, url: server.baseURL + "/", headers: [HTTPHeaderField(name: "Content-Type", value: "application/octet-stream")],
            body: body))
        #expect(server.requests.first?.body == body)
    }

    @Test("an empty POST sends Content-Length 0")
    func emptyBody() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        _ = try await client().send(HTTPRequest(method: .post, url: server.baseURL + "/empty"))
        let request = try #require(server.requests.first)
        #expect(request.method == "POST")
        #expect(request.headers["content-length"] == "0")
        #expect(request.body.isEmpty)
    }

    @Test("a large POST carries no Expect: 100-continue (no waiting for a 100 the server never sends)")
    func noExpectContinue() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        // Over libcurl's Expect threshold (1 KiB in older releases, 1 MiB in newer ones).
        let body = [UInt8](repeating: 0x61, count: 1_200_000)
        _ = try await client().send(HTTPRequest(
            method: .post, url: server.baseURL + "/big", headers: [HTTPHeaderField(name: "Content-Type", value: "text/plain")],
            body: body))
        let request = try #require(server.requests.first)
        #expect(request.headers["expect"] == nil)
        #expect(request.body.count == body.count)
    }

    @Test("a GET stays a GET and sends no body even when one is set")
    func getIgnoresBody() async throws {
        let server = try LoopbackHTTPServer { _ in .json("{}") }
        _ = try await client().send(HTTPRequest(url: server.baseURL + "/g", body: [1, 2, 3]))
        let request = try #require(server.requests.first)
        #expect(request.method == "GET")
        #expect(request.body.isEmpty)
        #expect(request.headers["content-length"] == nil)
    }
}
