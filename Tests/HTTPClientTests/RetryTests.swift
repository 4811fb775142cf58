import Clocks
import Foundation
import HTTPClient
import OpenMeteoTestSupport
import Synchronization
import Testing
import ClocksTestSupport

/// A transport answering from a script, counting calls.
final class ScriptedTransport: HTTPTransport {
    private let script: Mutex<[Result<HTTPResponse, HTTPClientError>]>
    private let calls = Mutex(0)

    init(_ script: [Result<HTTPResponse, HTTPClientError>]) { self.script = Mutex(script) }

    var callCount: Int { calls.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        calls.withLock { $0 += 1 }
        let next = script.withLock { $0.count > 1 ? $0.removeFirst() : $0[0] }
        return try next.get()
    }

    static func status(_ status: Int, _ headers: [HTTPHeaderField] = []) -> Result<HTTPResponse, HTTPClientError> {
        .success(HTTPResponse(status: status, headers: headers, body: Array("{}".utf8), url: "http://test/"))
    }

    static func failure(_ kind: HTTPClientError.Kind) -> Result<HTTPResponse, HTTPClientError> {
        .failure(HTTPClientError(kind: kind, url: "http://test/", detail: kind.rawValue))
    }
}

@Suite("Retries with jittered exponential backoff")
struct RetryTests {
    @Test("the backoff doubles, is capped, and is jittered into [step/2, step]")
    func delays() {
        let policy = RetryPolicy(maximumAttempts: 6, initialDelay: .seconds(1), maximumDelay: .seconds(5))
        #expect(policy.delay(afterFailures: 1, random: 0) == .milliseconds(500))
        #expect(policy.delay(afterFailures: 1, random: 1) == .seconds(1))
        #expect(policy.delay(afterFailures: 2, random: 1) == .seconds(2))
        #expect(policy.delay(afterFailures: 3, random: 0.5) == .seconds(3))
        #expect(policy.delay(afterFailures: 5, random: 1) == .seconds(5))
        #expect(policy.delay(afterFailures: 5, random: 0) == .milliseconds(2500))
    }

    @Test("what is retried", arguments: [
        (ScriptedTransport.status(500), true), (ScriptedTransport.status(503), true),
        (ScriptedTransport.status(400), false), (ScriptedTransport.status(404), false),
        (ScriptedTransport.status(429), false), (ScriptedTransport.status(200), false),
        (ScriptedTransport.failure(.connectionFailed), true), (ScriptedTransport.failure(.timedOut), true),
        (ScriptedTransport.failure(.nameResolution), true), (ScriptedTransport.failure(.transferFailed), true),
        (ScriptedTransport.failure(.tls), false), (ScriptedTransport.failure(.responseTooLarge), false),
        (ScriptedTransport.failure(.invalidURL), false), (ScriptedTransport.failure(.cancelled), false),
    ])
    func retried(_ outcome: Result<HTTPResponse, HTTPClientError>, _ expected: Bool) {
        #expect(RetryPolicy().shouldRetry(outcome) == expected)
    }

    @Test("5xx then success: retried after sleeping on the clock")
    func recovers() async throws {
        let transport = ScriptedTransport([ScriptedTransport.status(500), ScriptedTransport.status(502), ScriptedTransport.status(200)])
        let clock = ManualClock()
        let start = clock.now
        let retrying = RetryingHTTPTransport(wrapping: transport, policy: RetryPolicy(), clock: clock, random: { 1 })
        let task = Task { try await retrying.send(HTTPRequest(url: "http://test/")) }
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(1))
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(2))
        let response = try await task.value
        #expect(response.status == 200)
        #expect(transport.callCount == 3)
        #expect(clock.now.timeIntervalSince(start) == 3)
    }

    @Test("4xx is returned at once, without retries")
    func noRetryOn4xx() async throws {
        let transport = ScriptedTransport([ScriptedTransport.status(400)])
        let retrying = RetryingHTTPTransport(wrapping: transport, clock: ManualClock())
        #expect(try await retrying.send(HTTPRequest(url: "http://test/")).status == 400)
        #expect(transport.callCount == 1)
    }

    @Test("persistent network failure: the error carries the attempt count")
    func givesUp() async throws {
        let transport = ScriptedTransport([ScriptedTransport.failure(.connectionFailed)])
        let retrying = RetryingHTTPTransport(
            wrapping: transport, policy: RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(1)),
            clock: SystemClock())
        let error = await #expect(throws: HTTPClientError.self) { try await retrying.send(HTTPRequest(url: "http://test/")) }
        #expect(error?.attempts == 3)
        #expect(error?.description.contains("after 3 attempts") == true)
        #expect(transport.callCount == 3)
    }

    @Test("persistent 5xx: the last response is returned after all attempts")
    func last5xx() async throws {
        let transport = ScriptedTransport([ScriptedTransport.status(503)])
        let retrying = RetryingHTTPTransport(
            wrapping: transport, policy: RetryPolicy(maximumAttempts: 2, initialDelay: .milliseconds(1)),
            clock: SystemClock())
        #expect(try await retrying.send(HTTPRequest(url: "http://test/")).status == 503)
        #expect(transport.callCount == 2)
    }

    @Test("Retry-After within the cap is honoured")
    func retryAfter() async throws {
        let transport = ScriptedTransport([
            ScriptedTransport.status(503, [HTTPHeaderField(name: "Retry-After", value: "7")]), ScriptedTransport.status(200),
        ])
        let clock = ManualClock()
        let start = clock.now
        let retrying = RetryingHTTPTransport(wrapping: transport, clock: clock, random: { 0 })
        let task = Task { try await retrying.send(HTTPRequest(url: "http://test/")) }
        #expect(await clock.waitForSleepers(1))
        #expect(clock.nextDeadline.map { $0.timeIntervalSince(start) } == 7)
        clock.advance(by: .seconds(7))
        #expect(try await task.value.status == 200)
    }

    @Test("cancellation during the backoff ends the request")
    func cancelledBackoff() async throws {
        let transport = ScriptedTransport([ScriptedTransport.status(500)])
        let clock = ManualClock()
        let retrying = RetryingHTTPTransport(wrapping: transport, clock: clock)
        let task = Task { try await retrying.send(HTTPRequest(url: "http://test/")) }
        #expect(await clock.waitForSleepers(1))
        task.cancel()
        let result = await task.result
        if case .failure(let error as HTTPClientError) = result {
            #expect(error.kind == .cancelled)
        } else {
            Issue.record("expected a cancellation error, got \(result)")
        }
    }

    @Test("end to end: the real client retries a loopback server's 500s")
    func realServer() async throws {
        let count = Mutex(0)
        let server = try LoopbackHTTPServer { _ in
            let n = count.withLock { value -> Int in
                value += 1
                return value
            }
            return n < 3 ? .text("busy", status: 500) : .json(#"{"ok":true}"#)
        }
        let retrying = RetryingHTTPTransport(
            wrapping: try CurlHTTPClient(), policy: RetryPolicy(initialDelay: .milliseconds(10)), clock: SystemClock())
        let response = try await retrying.send(HTTPRequest(url: server.baseURL))
        #expect(response.status == 200)
        #expect(server.requests.count == 3)
    }
}
