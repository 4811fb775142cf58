import Clocks
import Diagnostics
import Foundation
import HTTPClient
import OpenMeteoTestSupport
import Testing
import ClocksTestSupport

/// A transport error names the URL without its secrets (issue 20 §2): the key in the query and the
/// password in the userinfo never reach the error's text, whatever prints it.
@Suite("HTTP client errors carry no secrets")
struct RedactedErrorTests {
    @Test("closed without an answer, refused: the error shows the endpoint with *** for the key and the password")
    func transportErrors() async throws {
        let server = try LoopbackHTTPServer { _ in
            var response = LoopbackResponse.json("{}")
            response.closeWithoutResponse = true
            return response
        }
        defer { server.stop() }
        let client = try CurlHTTPClient(options: HTTPClientOptions(connectTimeout: .seconds(2), timeout: .seconds(5)))
        let closed = "http://user:PASSW0RDxyz@127.0.0.1:\(server.port)/v1/air-quality?apikey=SECRETKEY42&latitude=52.5"
        let refusing = try #require(RefusedLoopbackPort())
        defer { withExtendedLifetime(refusing) {} }
        let refused = "http://user:PASSW0RDxyz@127.0.0.1:\(refusing.port)/v1/air-quality?apikey=SECRETKEY42"
        for url in [closed, refused] {
            let error = await #expect(throws: HTTPClientError.self) { try await client.send(HTTPRequest(url: url)) }
            let text = error?.description ?? ""
            #expect(text.contains("/v1/air-quality?apikey=***"), "\(text)")
            #expect(text.contains("http://***@127.0.0.1:"), "\(text)")
            #expect(!text.contains("SECRETKEY42") && !text.contains("PASSW0RDxyz"), "\(text)")
            #expect(error?.url.contains("SECRETKEY42") == false)
        }
    }
}

/// The retry log line names the URL redacted too (it is written before any error exists).
@Suite("Retry log lines carry no secrets")
struct RedactedRetryLogTests {
    @Test("a 500 retried: the log says which endpoint, with *** for the key and the password")
    func retryLine() async throws {
        let server = try LoopbackHTTPServer { _ in .text("busy", status: 500) }
        defer { server.stop() }
        let sink = InMemoryLogSink()
        let logger = Logger(label: "http", sink: sink, format: .terminal, clock: ManualClock())
        let retrying = RetryingHTTPTransport(
            wrapping: try CurlHTTPClient(), policy: RetryPolicy(maximumAttempts: 2, initialDelay: .milliseconds(5)),
            clock: SystemClock(), logger: logger)
        let url = server.baseURL.replacingOccurrences(of: "http://", with: "http://u:PASSW0RDxyz@") + "/v1?apikey=SECRETKEY42"
        let response = try await retrying.send(HTTPRequest(url: url))
        #expect(response.status == 500)
        #expect(sink.lines.contains { $0.contains("HTTP 500 from http://***@127.0.0.1:") && $0.contains("apikey=***") }, "\(sink.lines)")
        #expect(!sink.lines.joined().contains("SECRETKEY42") && !sink.lines.joined().contains("PASSW0RDxyz"))
    }
}
