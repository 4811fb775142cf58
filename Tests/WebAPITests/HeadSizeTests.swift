import HTTPTestSupport
import JSON
import Testing
import WebAPI
import ThreadTestSupport

/// Request heads swept byte by byte across the sizes where libmicrohttpd 0.9.75 runs out of connection memory
/// (issue 20 §4): every request gets a complete answer, 200 within the station's budget and the station's JSON
/// 414 or 431 over it, well before the 10 s inactivity timeout.
@Suite("HTTP server: request head sizes", .dedicatedThread)
struct HeadSizeTests {
    /// The shapes of oversize request an attacker sends: a long query, a long path, one long header field,
    /// many short header fields.
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case query, path, header, manyFields
        var testDescription: String { rawValue }

        /// A request of exactly `size` bytes (or the nearest below for ``manyFields``, whose lines are
        /// 40 bytes) of this shape, ending its head with `Connection: close`.
        func request(size: Int) -> [UInt8] {
            let end = "Host: x\r\nConnection: close\r\n\r\n"
            switch self {
            case .query, .path:
                let head = self == .query ? "GET /api/thing?x=" : "GET /api/thing"
                let tail = " HTTP/1.1\r\n" + end
                return Array((head + String(repeating: "a", count: max(0, size - head.utf8.count - tail.utf8.count)) + tail).utf8)
            case .header:
                let head = "GET /api/thing HTTP/1.1\r\n" + end.dropLast(2) + "X-Pad: "
                return Array((head + String(repeating: "b", count: max(0, size - head.utf8.count - 4)) + "\r\n\r\n").utf8)
            case .manyFields:
                var text = "GET /api/thing HTTP/1.1\r\n" + end.dropLast(2)
                var index = 0
                while text.utf8.count + 40 + 2 <= size {
                    // 40 bytes a line: "X-F0001: " (9) + 29 + CRLF.
                    text += "X-F" + String(10000 + index).dropFirst() + ": " + String(repeating: "c", count: 29) + "\r\n"
                    index += 1
                }
                return Array((text + "\r\n").utf8)
            }
        }

        /// Request sizes whose cost (bytes plus 64 per field) runs from `from` to `to`.
        func sizes(costFrom from: Int, to: Int, by step: Int) -> StrideThrough<Int> {
            // A 40-byte field line costs 104.
            self == .manyFields ? stride(from: from * 40 / 104, through: to * 40 / 104, by: step) : stride(from: from, through: to, by: step)
        }
    }

    /// Sends `request` on a fresh connection and reads one complete response (throws when the server closes
    /// without one or does not answer within 4 s, well under the 5 s header and 10 s inactivity timeouts).
    static func exchange(_ request: [UInt8], port: UInt16) throws -> HTTPExchange {
        let connection = try RawHTTPConnection(port: port)
        defer { connection.close() }
        try connection.send(request)
        return try connection.readResponse(timeout: 4)
    }

    /// What is wrong with the answer to a request of `size` bytes, or nil when it is the station's: 200 with
    /// the resource, or 414/431 with a JSON error body carrying the same status.
    static func problem(shape: Shape, size: Int, port: UInt16) -> String? {
        let response: HTTPExchange
        do {
            response = try exchange(shape.request(size: size), port: port)
        } catch {
            return "\(shape) \(size) bytes: no answer (\(error))"
        }
        switch response.status {
        case 200:
            return response.text == #"{"thing":1}"# ? nil : "\(shape) \(size) bytes: 200 with \(response.text.prefix(80))"
        case 414, 431:
            guard let body = try? JSONValue.parse(response.body), body["status"] == .number(Double(response.status)),
                response.header("Content-Type")?.hasPrefix("application/json") == true
            else { return "\(shape) \(size) bytes: \(response.status) not the station's JSON: \(response.text.prefix(80))" }
            return nil
        default:
            return "\(shape) \(size) bytes: status \(response.status)"
        }
    }

    @Test(
        "every request of 15,900-16,500 bytes is answered with 200, or the station's JSON 414 or 431",
        arguments: [Shape.query, .path, .header])
    func formerBands(shape: Shape) throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        var problems: [String] = []
        for size in stride(from: 15_900, through: 16_500, by: 2) {
            if let problem = Self.problem(shape: shape, size: size, port: port) { problems.append(problem) }
        }
        #expect(problems.isEmpty, "\(problems.count) of 301 requests: \(problems.prefix(5))")
    }

    @Test(
        "heads costing up to 1.5 times the budget get the station's JSON answer, not libmicrohttpd's HTML or none",
        arguments: Shape.allCases)
    func overTheBudget(shape: Shape) throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        let budget = HTTPLimits.standard.requestHeadBudget.headBytes
        var problems: [String] = []
        // 11 bytes a step (3 for 40-byte fields): no divisor of a line or alignment size, and narrower than
        // the bands libmicrohttpd left unanswered (over 70 bytes wide).
        for size in shape.sizes(costFrom: budget - 600, to: budget * 3 / 2, by: shape == .manyFields ? 3 : 11) {
            if let problem = Self.problem(shape: shape, size: size, port: port) { problems.append(problem) }
        }
        #expect(problems.isEmpty, "\(problems.count) requests: \(problems.prefix(5))")
    }

    @Test("a request target of 8,192 bytes is served and one of 8,193 gets the station's 414")
    func targetLimit() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        let limit = HTTPLimits.standard.requestHeadBudget.targetBytes
        #expect(limit == 8192)
        for (length, status) in [(limit - 1, 200), (limit, 200), (limit + 1, 414), (limit + 2, 414)] {
            let target = "/api/thing?x=" + String(repeating: "a", count: length - 13)
            let response = try Self.exchange(Array("GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n".utf8), port: port)
            #expect(response.status == status, "target of \(length) bytes")
            if status == 414 {
                #expect(try JSONValue.parse(response.body)["status"] == 414)
                #expect(response.text.contains("8192 bytes"))
            }
        }
    }

    @Test("a head costing 16,384 bytes (64 per field counted) is served, one byte more gets the station's 431")
    func headLimit() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        // 2 fields (Host, X-Pad): the head's own bytes may be 16,384 - 128.
        let allowed = 16_384 - 2 * RequestHeadBudget.fieldCostBytes
        let head = "GET /api/thing HTTP/1.1\r\nHost: x\r\nX-Pad: "
        for (length, status) in [(allowed - 1, 200), (allowed, 200), (allowed + 1, 431)] {
            let padding = String(repeating: "p", count: length - head.utf8.count - 4)
            let response = try Self.exchange(Array((head + padding + "\r\n\r\n").utf8), port: port)
            #expect(response.status == status, "head of \(length) bytes")
            if status == 431 { #expect(try JSONValue.parse(response.body)["status"] == 431) }
        }
    }

    @Test("a head of 300 tiny fields is refused with the station's 431 although it is under 2 KiB")
    func manyTinyFields() throws {
        let server = try makeServer()
        defer { server.stop() }
        let port = try #require(server.port)
        var text = "GET /api/thing HTTP/1.1\r\nHost: x\r\n"
        for index in 0..<300 { text += "a\(index % 10):\r\n" }
        let response = try Self.exchange(Array((text + "\r\n").utf8), port: port)
        #expect(response.status == 431)
        #expect(try JSONValue.parse(response.body)["status"] == 431)
        // The server goes on serving.
        #expect(try RawHTTPClient.request("GET", "/api/thing", port: port).status == 200)
    }

    @Test("the budget's verdicts: target first, then bytes plus 64 per field, overflow refused")
    func verdicts() {
        let budget = RequestHeadBudget(headBytes: 16_384)
        #expect(budget.targetBytes == 8192)
        #expect(budget.poolBytes == 32_768)
        #expect(budget.verdict(targetLength: 8192, headLength: 8300, fieldCount: 2) == .fits)
        #expect(budget.verdict(targetLength: 8193, headLength: 8300, fieldCount: 2) == .targetTooLong)
        #expect(budget.verdict(targetLength: 10, headLength: 16_384 - 128, fieldCount: 2) == .fits)
        #expect(budget.verdict(targetLength: 10, headLength: 16_384 - 127, fieldCount: 2) == .headTooLarge)
        #expect(budget.verdict(targetLength: 10, headLength: 100, fieldCount: 256) == .headTooLarge)
        #expect(budget.verdict(targetLength: 10, headLength: Int.max, fieldCount: Int.max) == .headTooLarge)
    }
}
