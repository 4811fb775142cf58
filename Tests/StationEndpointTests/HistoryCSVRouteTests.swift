import Foundation
import HTTPTestSupport
import JSON
import StationEndpoint
import StationSnapshot
import Testing

/// `/api/v1/history.csv` over a real socket: a chunked, streamed body (HTTP/1.1) read page by page.
@Suite("station endpoint: /api/v1/history.csv")
struct HistoryCSVRouteTests {
    /// The body of a `Transfer-Encoding: chunked` response (RFC 9112 §7.1), or nil when the framing is broken.
    static func dechunk(_ bytes: [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self), radix: 16)
            else { return nil }
            index = lineEnd + 2
            if size == 0 { return body }
            guard index + size + 2 <= bytes.count else { return nil }
            body += bytes[index..<(index + size)]
            index += size + 2
        }
    }

    @Test("the fixture's hours as CSV: chunked, attachment with its file name, header row with units, CRLF rows")
    func streamed() throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let response = try RawHTTPClient.request(
            "GET", "/api/v1/history.csv?from=2026-02-28T12:00:00Z&to=2026-02-28T15:00:00Z&resolution=hour", port: port)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/csv; charset=utf-8; header=present")
        #expect(response.header("Content-Disposition")
            == "attachment; filename=\"breeze-station-hour-20260228T120000Z-20260228T150000Z.csv\"")
        #expect(response.header("Access-Control-Allow-Origin") == "*")
        #expect(response.header("Transfer-Encoding")?.lowercased() == "chunked")
        let body = try #require(Self.dechunk(response.body))
        #expect(String(decoding: body, as: UTF8.self) == """
            time,pm1_0_ug_m3,pm2_5_ug_m3,pm10_ug_m3,aqi,samples\r
            2026-02-28T12:00:00Z,,7.6,,38,3600\r
            2026-02-28T13:00:00Z,,8.2,,41,3600\r
            2026-02-28T14:00:00Z,,9.0,,45,3600\r

            """)
    }

    @Test("a bad parameter is 400 JSON naming it; a store that cannot be read is 503 JSON, not a cut file")
    func errors() throws {
        let (endpoint, port, _) = try Fixture.endpoint()
        defer { endpoint.stop() }
        let bad = try RawHTTPClient.request("GET", "/api/v1/history.csv?resolution=week", port: port)
        #expect(bad.status == 400)
        #expect(bad.header("Content-Type") == "application/json; charset=utf-8")
        #expect(try JSONValue.parse(bad.body)["error"] == "resolution: expected minute, hour or day, found 'week'")

        let (failing, failingPort, _) = try Fixture.endpoint(history: FailingHistory())
        defer { failing.stop() }
        let unavailable = try RawHTTPClient.request("GET", "/api/v1/history.csv", port: failingPort)
        #expect(unavailable.status == 503)
        #expect(try JSONValue.parse(unavailable.body)["error"] == "history is unavailable: database is locked")
    }
}
