import HTTPTestSupport
import JSON
import Testing
import WebAPI
import ThreadTestSupport

/// Malformed requests on a raw socket, byte for byte as an attacker sends them (issue 20 §4).
@Suite("HTTP server: malformed request edges", .dedicatedThread)
struct EdgeTests {
    /// Sends `request` as is on a fresh connection and reads one response.
    func exchange(_ request: [UInt8], port: UInt16) throws -> HTTPExchange {
        let connection = try RawHTTPConnection(port: port)
        defer { connection.close() }
        try connection.send(request)
        return try connection.readResponse(timeout: 10)
    }

    @Test(
        "a NUL in the request target, raw or as %00, is refused with a JSON 400 instead of matching the route before it",
        arguments: ["/api/thing%00", "/api/thing%00evil", "/api/thing\u{0}evil", "/api/thing?x=%00", "/echo?a=b%00c"])
    func nulInTarget(target: String) throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        let response = try exchange(Array("GET \(target) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), port: port)
        #expect(response.status == 400, "\(target.debugDescription) answered \(response.status)")
        let body = try JSONValue.parse(response.body)
        #expect(body["status"] == 400)
        #expect(response.text.contains("NUL"))
        // The server goes on serving the plain path.
        #expect(try RawHTTPClient.request("GET", "/api/thing", port: port).status == 200)
    }

    @Test("the plain path, a query and a percent-encoded character other than NUL still match")
    func plainTargets() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        #expect(try RawHTTPClient.request("GET", "/api/thing?x=1", port: port).status == 200)
        #expect(try RawHTTPClient.request("GET", "/api/%74hing", port: port).status == 200)
        let echo = try RawHTTPClient.request("GET", "/echo?a=b%20c", port: port)
        #expect(echo.status == 200)
        #expect(try JSONValue.parse(echo.body)["a"] == "b c")
    }
}
