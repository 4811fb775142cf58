import Foundation
import HTTPTestSupport
import StationEndpoint
import StationSnapshot
import Testing

/// Issue 17: a snapshot nobody asks for is never rendered; a body is rendered on the first request after a
/// publish and served from then on until the next publish.
@Suite("station endpoint: bodies rendered on demand")
struct RenderOnDemandTests {
    static let snapshotRoutes = [
        "/", "/api/v1/current", "/metrics", "/api/v1/share", "/readyz", "/api/v1/cities", "/api/v1/pollen",
        "/api/v1/climate",
    ]

    @Test("100 snapshots with no request render nothing; one request renders its route once")
    func publishingRendersNothing() throws {
        let (endpoint, port, file) = try Fixture.endpoint(publish: false)
        defer { endpoint.stop() }
        for second in 0..<100 {
            var snapshot = file.snapshot
            snapshot.time = file.snapshot.time.addingTimeInterval(Double(second))
            endpoint.publish(snapshot)
        }
        for route in Self.snapshotRoutes {
            #expect(endpoint.renderCount(route) == 0, "\(route) rendered with nobody asking")
        }

        let first = try RawHTTPClient.request("GET", "/api/v1/current", port: port)
        #expect(first.status == 200)
        #expect(endpoint.renderCount("/api/v1/current") == 1)
        // The last snapshot published is the one rendered.
        let last = ISO8601Time.format(file.snapshot.time.addingTimeInterval(99))
        #expect(first.text.contains("\"time\":\"\(last)\""))

        let second = try RawHTTPClient.request("GET", "/api/v1/current", port: port)
        #expect(second.body == first.body)
        let revalidated = try RawHTTPClient.request(
            "GET", "/api/v1/current", port: port, headers: [("If-None-Match", first.header("ETag") ?? "")])
        #expect(revalidated.status == 304)
        #expect(endpoint.renderCount("/api/v1/current") == 1, "rendered again without a new snapshot")
        for route in Self.snapshotRoutes where route != "/api/v1/current" {
            #expect(endpoint.renderCount(route) == 0, "\(route) rendered when only /api/v1/current was asked for")
        }
    }

    @Test("a new snapshot is rendered on the next request, not when published")
    func nextSnapshotOnNextRequest() throws {
        let (endpoint, port, file) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let page = try RawHTTPClient.request("GET", "/", port: port)
        #expect(page.status == 200)
        #expect(endpoint.renderCount("/") == 1)

        var later = file.snapshot
        later.time = file.snapshot.time.addingTimeInterval(60)
        endpoint.publish(later)
        endpoint.publish(later)
        #expect(endpoint.renderCount("/") == 1)
        let again = try RawHTTPClient.request("GET", "/", port: port)
        #expect(again.status == 200)
        #expect(again.header("ETag") != page.header("ETag"), "the page of the new snapshot")
        #expect(endpoint.renderCount("/") == 2)
    }

    @Test("/metrics renders the snapshot's families once per snapshot; counters stay live per scrape")
    func metricsOncePerSnapshot() throws {
        let (endpoint, port, file) = try Fixture.endpoint()
        defer { endpoint.stop() }
        #expect(endpoint.renderCount("/metrics") == 0)
        let first = try RawHTTPClient.request("GET", "/metrics", port: port)
        let second = try RawHTTPClient.request("GET", "/metrics", port: port)
        #expect(first.status == 200)
        #expect(first.text.contains("breeze_aqi"))
        #expect(endpoint.renderCount("/metrics") == 1)
        // The request counters are read per scrape: the second scrape counts the first.
        #expect(second.text != first.text)

        endpoint.publish(file.snapshot)
        _ = try RawHTTPClient.request("GET", "/metrics", port: port)
        #expect(endpoint.renderCount("/metrics") == 2)
    }

    @Test("requests arriving together after a publish share one render")
    func concurrentRequestsShareOneRender() async throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let bodies = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for _ in 0..<8 {
                group.addTask { try await offPool { try RawHTTPClient.request("GET", "/", port: port).body } }
            }
            return try await group.reduce(into: [[UInt8]]()) { $0.append($1) }
        }
        #expect(bodies.count == 8)
        #expect(Set(bodies).count == 1)
        #expect(endpoint.renderCount("/") == 1)
    }
}
