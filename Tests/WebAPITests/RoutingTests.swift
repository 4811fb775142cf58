import HTTPTestSupport
import JSON
import Testing
import WebAPI
import ThreadTestSupport

@Suite("HTTP server: routes, methods, validators", .dedicatedThread)
struct RoutingTests {
    @Test("GET and HEAD are answered; HEAD has the headers without the body")
    func getAndHead() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        let get = try RawHTTPClient.request("GET", "/api/thing", port: port)
        #expect(get.status == 200)
        #expect(get.text == #"{"thing":1}"#)
        #expect(get.header("Content-Type") == "application/json")
        #expect(get.header("Access-Control-Allow-Origin") == "*")
        #expect(get.header("Date") != nil)
        let head = try RawHTTPClient.request("HEAD", "/api/thing", port: port)
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.header("Content-Length") == "11")
        #expect(head.header("ETag") == get.header("ETag"))
    }

    @Test("methods other than GET and HEAD get 405 with Allow, as JSON", arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
    func methodNotAllowed(method: String) throws {
        let server = try makeServer()
        defer { server.stop() }
        let response = try RawHTTPClient.request(method, "/api/thing", port: try #require(server.port))
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
        let body = try JSONValue.parse(response.body)
        #expect(body["status"] == 405)
        #expect(body["error"]?.kindDescription == "a string")
    }

    @Test("a POST with a body is refused without reading it")
    func postWithBody() throws {
        let server = try makeServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: try #require(server.port))
        try connection.send("POST /api/thing HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n\r\nhello")
        #expect(try connection.readResponse().status == 405)
    }

    @Test("unknown paths get 404 as JSON, whatever the method", arguments: ["GET", "HEAD", "POST"])
    func notFound(method: String) throws {
        let server = try makeServer()
        defer { server.stop() }
        let response = try RawHTTPClient.request(method, "/nope", port: try #require(server.port))
        #expect(response.status == 404)
        #expect(response.header("Content-Type") == "application/json; charset=utf-8")
        if method != "HEAD" {
            #expect(try JSONValue.parse(response.body) == ["error": "no such resource", "status": 404])
        }
    }

    @Test("paths match exactly; the query does not change a resource")
    func exactPaths() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        #expect(try RawHTTPClient.request("GET", "/api/thing/", port: port).status == 404)
        #expect(try RawHTTPClient.request("GET", "/api/THING", port: port).status == 404)
        #expect(try RawHTTPClient.request("GET", "/api/thing?x=1", port: port).status == 200)
    }

    @Test("a matching If-None-Match gets 304 with the validators and no body")
    func conditionalGet() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        let first = try RawHTTPClient.request("GET", "/api/thing", port: port)
        let tag = try #require(first.header("ETag"))
        #expect(tag.hasPrefix("\"") && tag.hasSuffix("\""))
        for field in [tag, "W/\(tag)", "\"other\", \(tag)", "*"] {
            let again = try RawHTTPClient.request("GET", "/api/thing", port: port, headers: [("If-None-Match", field)])
            #expect(again.status == 304, "If-None-Match: \(field)")
            #expect(again.body.isEmpty)
            #expect(again.header("ETag") == tag)
            #expect(again.header("Cache-Control") == "no-cache")
        }
        let stale = try RawHTTPClient.request("GET", "/api/thing", port: port, headers: [("If-None-Match", "\"old\"")])
        #expect(stale.status == 200)
    }

    @Test("publishing swaps the body and its tag; other resources keep theirs")
    func publishSwaps() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        let before = try RawHTTPClient.request("GET", "/api/thing", port: port)
        let refused = server.resources.publish([
            "/api/thing": HTTPResponse(status: 200, body: Array("two".utf8), entityTagged: true),
            "/echo": HTTPResponse(status: 200), "/missing": HTTPResponse(status: 200),
        ])
        #expect(refused == ["/echo", "/missing"])
        let after = try RawHTTPClient.request("GET", "/api/thing", port: port)
        #expect(after.text == "two")
        #expect(after.header("ETag") != before.header("ETag"))
        let old = try RawHTTPClient.request(
            "GET", "/api/thing", port: port, headers: [("If-None-Match", before.header("ETag") ?? "")])
        #expect(old.status == 200)
        #expect(try RawHTTPClient.request("GET", "/page", port: port).text == "<p>hi</p>")
    }

    @Test("a resource never published answers 503; routes without CORS do not send it")
    func unpublished() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        #expect(try RawHTTPClient.request("GET", "/unpublished", port: port).status == 503)
        #expect(try RawHTTPClient.request("GET", "/page", port: port).header("Access-Control-Allow-Origin") == nil)
        #expect(server.resources.isComplete == false)
    }

    @Test("handlers see the decoded query, in order")
    func handlerQuery() throws {
        let server = try makeServer()
        defer { server.stop() }
        let response = try RawHTTPClient.request("GET", "/echo?b=2&a=x%20y&flag", port: try #require(server.port))
        #expect(response.status == 200)
        #expect(try JSONValue.parse(response.body) == ["a": "x y", "b": "2", "flag": ""])
        #expect(response.header("Access-Control-Allow-Origin") == "*")
    }

    @Test("requests are counted by route and status")
    func counting() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        _ = try RawHTTPClient.request("GET", "/api/thing", port: port)
        _ = try RawHTTPClient.request("HEAD", "/api/thing", port: port)
        _ = try RawHTTPClient.request("DELETE", "/api/thing", port: port)
        _ = try RawHTTPClient.request("GET", "/nope", port: port)
        let counts = server.requestCounters.counts()
        #expect(counts.contains(.init(route: "/api/thing", code: 200, requests: 2)))
        #expect(counts.contains(.init(route: "/api/thing", code: 405, requests: 1)))
        #expect(counts.contains(.init(route: "other", code: 404, requests: 1)))
        #expect(server.requestCounters.total == 4)
    }

    @Test("keep-alive: several requests on one connection")
    func keepAlive() throws {
        let server = try makeServer()
        defer { server.stop() }
        let connection = try RawHTTPConnection(port: try #require(server.port))
        for _ in 0..<3 {
            try connection.send("GET /api/thing HTTP/1.1\r\nHost: x\r\n\r\n")
            let response = try connection.readResponse()
            #expect(response.status == 200)
            #expect(response.header("Connection") != "close")
        }
    }
}
