import Foundation
import HTTPTestSupport
import JSON
import StationEndpoint
import StationSnapshot
import Testing
import WebAPI

@Suite("station endpoint: routes over real sockets")
struct EndpointRouteTests {
    /// Every route with a request that succeeds.
    static let targets: [(path: String, target: String)] = [
        ("/", "/"), ("/api/v1/current", "/api/v1/current"),
        ("/api/v1/history", "/api/v1/history?from=2026-03-01T00:00:00Z&to=2026-03-01T12:00:00Z&resolution=hour"),
        ("/api/v1/history.csv", "/api/v1/history.csv?from=2026-02-28T00:00:00Z&to=2026-03-01T12:00:00Z&resolution=hour"),
        ("/api/v1/cities", "/api/v1/cities"), ("/api/v1/pollen", "/api/v1/pollen"), ("/api/v1/share", "/api/v1/share"),
        ("/metrics", "/metrics"), ("/healthz", "/healthz"), ("/readyz", "/readyz"), ("/openapi.json", "/openapi.json"),
    ]

    @Test("method matrix: GET and HEAD 200, POST/PUT/DELETE 405 with Allow, unknown paths 404")
    func methodMatrix() throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        for (_, target) in Self.targets {
            let get = try RawHTTPClient.request("GET", target, port: port)
            #expect(get.status == 200, "GET \(target)")
            #expect(!get.body.isEmpty, "GET \(target)")
            let head = try RawHTTPClient.request("HEAD", target, port: port)
            #expect(head.status == 200, "HEAD \(target)")
            #expect(head.body.isEmpty)
            #expect(head.header("Content-Type") == get.header("Content-Type"))
            for method in ["POST", "PUT", "DELETE"] {
                let refused = try RawHTTPClient.request(method, target, port: port)
                #expect(refused.status == 405, "\(method) \(target)")
                #expect(refused.header("Allow") == "GET, HEAD")
            }
        }
        for path in ["/api/v1", "/api/v2/current", "/index.html", "/metrics/", "/../etc/passwd"] {
            #expect(try RawHTTPClient.request("GET", path, port: port).status == 404, "\(path)")
        }
    }

    @Test("/openapi.json describes every route, and every response matches its schema")
    func openAPIMatchesResponses() throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let document = try JSONValue.parse(try RawHTTPClient.request("GET", "/openapi.json", port: port).body)
        let validator = SchemaValidator(document: document)
        guard case .object(let paths)? = document["paths"] else {
            Issue.record("no paths")
            return
        }
        // Every described path is served (climate is not configured in the fixture: its 404 is described).
        var requests: [(path: String, target: String)] = Self.targets + [
            ("/api/v1/climate", "/api/v1/climate"), ("/api/v1/history", "/api/v1/history?resolution=fortnight"),
            ("/api/v1/history", "/api/v1/history?from=soon"), ("/api/v1/current", "/api/v1/current"),
            ("/api/v1/history.csv", "/api/v1/history.csv?resolution=fortnight"),
        ]
        requests.append(("/nope", "/nope"))
        #expect(Set(paths.map(\.key)) == Set(Self.targets.map(\.path) + ["/api/v1/climate"]))
        for (path, target) in requests {
            let response = try RawHTTPClient.request("GET", target, port: port)
            guard let item = document["paths"]?[path] else {
                #expect(response.status == 404, "\(target) is served but not described")
                #expect(validator.validate(try JSONValue.parse(response.body), against: ["$ref": "#/components/schemas/Error"]).isEmpty)
                continue
            }
            let described = validator.resolve(item["get"]?["responses"]?[String(response.status)] ?? .null)
            guard case .object(let content)? = described["content"], let media = content.first else {
                Issue.record("GET \(target): status \(response.status) is not described")
                continue
            }
            let contentType = response.header("Content-Type") ?? ""
            #expect(contentType.hasPrefix(media.key), "GET \(target): \(contentType) vs \(media.key)")
            guard media.key == "application/json" else { continue }
            let body = try JSONValue.parse(response.body)
            let problems = validator.validate(body, against: media.value["schema"] ?? .null)
            #expect(problems.isEmpty, "GET \(target) (\(response.status)): \(problems)")
        }
        // 405 is described too.
        let refused = try RawHTTPClient.request("DELETE", "/api/v1/current", port: port)
        let described = validator.resolve(document["paths"]?["/api/v1/current"]?["get"]?["responses"]?["405"] ?? .null)
        #expect(validator.validate(try JSONValue.parse(refused.body), against: described["content"]?["application/json"]?["schema"] ?? .null).isEmpty)
    }

    @Test("the current document is the snapshot's, with CORS and an ETag; 304 on a match")
    func current() throws {
        let (endpoint, port, file) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let response = try RawHTTPClient.request("GET", "/api/v1/current", port: port)
        // Byte for byte: the keys go out in the contract's order.
        #expect(response.text == CurrentDocument.render(file.snapshot).serialized())
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Cache-Control") == "no-cache")
        let tag = try #require(response.header("ETag"))
        let again = try RawHTTPClient.request("GET", "/api/v1/current", port: port, headers: [("If-None-Match", tag)])
        #expect(again.status == 304)
    }

    @Test("publishing a new snapshot swaps every body at once")
    func publish() throws {
        let (endpoint, port, file) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let before = try RawHTTPClient.request("GET", "/api/v1/current", port: port)
        var next = file.snapshot
        next.aqi?.value = 163
        next.time = next.time.addingTimeInterval(60)
        endpoint.publish(next)
        let after = try RawHTTPClient.request("GET", "/api/v1/current", port: port)
        #expect(try JSONValue.parse(after.body)["aqi"]?["value"] == 163)
        #expect(try JSONValue.parse(after.body)["aqi"]?["level"] == "unhealthy")
        #expect(after.header("ETag") != before.header("ETag"))
        #expect(try RawHTTPClient.request("GET", "/api/v1/share", port: port).text.hasSuffix("AQI 163 - Unhealthy"))
        #expect(try RawHTTPClient.request("GET", "/", port: port).text.contains("<span id=\"aqi-value\" class=\"number\">163</span>"))
    }

    @Test("before the first snapshot: alive, not ready")
    func notReady() throws {
        let (endpoint, port, file) = try Fixture.endpoint(publish: false)
        defer { endpoint.stop() }
        #expect(try RawHTTPClient.request("GET", "/healthz", port: port).status == 200)
        #expect(try RawHTTPClient.request("GET", "/readyz", port: port).status == 503)
        #expect(try RawHTTPClient.request("GET", "/api/v1/current", port: port).status == 503)
        #expect(try RawHTTPClient.request("GET", "/openapi.json", port: port).status == 200)
        var empty = file.snapshot
        empty.sensor = SensorStatus()
        empty.reference = .pending
        endpoint.publish(empty)
        let readiness = try RawHTTPClient.request("GET", "/readyz", port: port)
        #expect(readiness.status == 503)
        #expect(readiness.text == #"{"status":"not_ready","sensor":false,"reference":false}"#)
        endpoint.publish(file.snapshot)
        #expect(try RawHTTPClient.request("GET", "/readyz", port: port).status == 200)
    }

    @Test("history: series from the provider, clear 400s, 503 when the store fails")
    func history() throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let ok = try RawHTTPClient.request("GET", "/api/v1/history?from=2026-03-01T11:00:00Z&to=2026-03-01T12:00:00Z&resolution=minute", port: port)
        #expect(ok.status == 200)
        let body = try JSONValue.parse(ok.body)
        guard case .array(let points)? = body["points"] else {
            Issue.record("no points")
            return
        }
        #expect(points.count == 60)
        #expect(body["resolution"] == "minute")
        // Defaults: the last day by hour, from the endpoint's clock.
        let defaults = try JSONValue.parse(try RawHTTPClient.request("GET", "/api/v1/history", port: port).body)
        #expect(defaults["from"] == "2026-02-28T12:00:00Z")
        #expect(defaults["to"] == "2026-03-01T12:00:00Z")

        let bad = try RawHTTPClient.request("GET", "/api/v1/history?resolution=week", port: port)
        #expect(bad.status == 400)
        #expect(try JSONValue.parse(bad.body) == ["error": "resolution: expected minute, hour or day, found 'week'", "status": 400])
        #expect(try RawHTTPClient.request("GET", "/api/v1/history?from=2020-01-01&resolution=minute", port: port).status == 400)

        let (failing, failingPort, _) = try Fixture.endpoint(history: FailingHistory())
        defer { failing.stop() }
        let unavailable = try RawHTTPClient.request("GET", "/api/v1/history", port: failingPort)
        #expect(unavailable.status == 503)
        #expect(try JSONValue.parse(unavailable.body)["error"] == "history is unavailable: database is locked")
    }

    @Test("services: configured ones are served, others say how to configure them")
    func services() throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let cities = try RawHTTPClient.request("GET", "/api/v1/cities", port: port)
        #expect(cities.status == 200)
        #expect(try JSONValue.parse(cities.body)["cities"] != nil)
        let climate = try RawHTTPClient.request("GET", "/api/v1/climate", port: port)
        #expect(climate.status == 404)
        #expect(climate.text.contains("openmeteo.climate"))
    }

    @Test("/metrics: the exposition content type, and requests counted by route and code")
    func metrics() throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        _ = try RawHTTPClient.request("GET", "/api/v1/current", port: port)
        _ = try RawHTTPClient.request("POST", "/api/v1/current", port: port)
        _ = try RawHTTPClient.request("GET", "/nothing", port: port)
        let scrape = try RawHTTPClient.request("GET", "/metrics", port: port)
        #expect(scrape.header("Content-Type") == "text/plain; version=0.0.4; charset=utf-8")
        #expect(scrape.text.contains("breeze_http_requests_total{handler=\"/api/v1/current\",code=\"200\"} 1\n"))
        #expect(scrape.text.contains("breeze_http_requests_total{handler=\"/api/v1/current\",code=\"405\"} 1\n"))
        #expect(scrape.text.contains("breeze_http_requests_total{handler=\"other\",code=\"404\"} 1\n"))
        #expect(scrape.text.contains("breeze_process_resident_memory_bytes "))
        #expect(scrape.text.hasSuffix("\n"))
    }

    @Test("the status page is self-contained and locked down")
    func page() throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let page = try RawHTTPClient.request("GET", "/", port: port)
        #expect(page.header("Content-Type") == "text/html; charset=utf-8")
        #expect(page.header("Content-Security-Policy")?.contains("default-src 'none'") == true)
        #expect(page.header("Access-Control-Allow-Origin") == nil)
    }
}
