import Foundation
import HTTPClient
import UploadsTestSupport
import Testing

@testable import Uploads

/// The stand-in rejects what openSenseMap rejects, so a test that passes against it says something: each
/// check is shown failing a request the real API would refuse.
@Suite("openSenseMap stand-in")
struct FakeOpenSenseMapTests {
    static let sensor = osmSensors[.pm25] ?? ""

    static func post(
        _ server: FakeOpenSenseMap, box: String = osmBoxID, token: String? = osmToken,
        contentType: String = "application/json", body: String
    ) async throws -> HTTPResponse {
        let client = try testClient()
        defer { client.shutdown() }
        var headers = [HTTPHeaderField(name: "Content-Type", value: contentType)]
        if let token { headers.append(HTTPHeaderField(name: "Authorization", value: token)) }
        return try await client.send(
            HTTPRequest(method: .post, url: "\(server.url)/boxes/\(box)/data", headers: headers, body: Array(body.utf8)))
    }

    static func array(_ count: Int, sensor: String = sensor, value: String = "\"12.3\"", createdAt: String = "2026-11-30T09:00:00Z")
        -> String
    {
        "[" + Array(repeating: #"{"sensor":"\#(sensor)","value":\#(value),"createdAt":"\#(createdAt)"}"#, count: count)
            .joined(separator: ",") + "]"
    }

    @Test("a well-formed array is saved with 201")
    func accepts() async throws {
        let server = try standIn()
        let response = try await Self.post(server, body: Self.array(2))
        #expect(response.status == 201)
        #expect(server.accepted.count == 2)
        #expect(server.accepted.first?.value == "12.3")
    }

    @Test("the box must exist and, when it requires one, the token must match (401)")
    func authorization() async throws {
        let server = try standIn()
        #expect(try await Self.post(server, box: "5f2b56f4263635001c1dd1ff", body: Self.array(1)).status == 404)
        #expect(try await Self.post(server, token: nil, body: Self.array(1)).status == 401)
        #expect(try await Self.post(server, token: "wrong", body: Self.array(1)).status == 401)
        let open = try standIn(token: nil)
        #expect(try await Self.post(open, token: nil, body: Self.array(1)).status == 201)
        #expect(server.accepted.isEmpty)
    }

    @Test("the body must be JSON, an array of known sensors' numeric strings with past RFC 3339 times")
    func shape() async throws {
        let server = try standIn()
        #expect(try await Self.post(server, contentType: "text/plain", body: Self.array(1)).status == 415)
        #expect(try await Self.post(server, body: #"{"sensor":"x"}"#).status == 422)
        #expect(try await Self.post(server, body: Self.array(1, sensor: "5f2b56f4263635001c1dd1ff")).status == 422)
        #expect(try await Self.post(server, body: Self.array(1, value: "\"twelve\"")).status == 422)
        #expect(try await Self.post(server, body: Self.array(1, createdAt: "30.11.2026 09:00")).status == 422)
        #expect(try await Self.post(server, body: Self.array(1, createdAt: "2999-01-01T00:00:00Z")).status == 422)
        #expect(server.accepted.isEmpty)
        #expect(server.rejections.count == 6)
    }

    @Test("2500 values in one request are taken, 2501 are not")
    func limit() async throws {
        let server = try standIn()
        #expect(try await Self.post(server, body: Self.array(2501)).status == 422)
        #expect(try await Self.post(server, body: Self.array(2500)).status == 201)
        #expect(server.accepted.count == 2500)
    }
}
