import Clocks
import Diagnostics
import Foundation
import HTTPClient
import JSON
import OpenMeteo
import OpenMeteoTestSupport
import Synchronization
import ClocksTestSupport

/// An in-memory transport: answers every request with `answer`, recording the URLs.
final class RecordingTransport: HTTPTransport {
    private let answer: @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPClientError>
    private let urls = Mutex<[String]>([])

    init(_ answer: @escaping @Sendable (HTTPRequest) -> Result<HTTPResponse, HTTPClientError>) { self.answer = answer }

    /// Answers every request with `body` and `status`.
    convenience init(status: Int = 200, body: String) {
        self.init { request in .success(HTTPResponse(status: status, body: Array(body.utf8), url: request.url)) }
    }

    var requestedURLs: [String] { urls.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        urls.withLock { $0.append(request.url) }
        return try answer(request).get()
    }
}

/// The real client stack against the fake Open-Meteo: curl, short timeouts, fast retries.
struct LoopbackStack {
    let fake: FakeOpenMeteo
    let client: OpenMeteoClient

    init(
        pollenProxy: Bool = false, timeout: Duration = .seconds(5), maximumResponseBytes: Int = 1 << 20,
        attempts: Int = 3
    ) throws {
        fake = try FakeOpenMeteo()
        let http = try CurlHTTPClient(options: HTTPClientOptions(
            connectTimeout: .seconds(2), timeout: timeout, maximumResponseBytes: maximumResponseBytes))
        let transport = RetryingHTTPTransport(
            wrapping: http, policy: RetryPolicy(maximumAttempts: attempts, initialDelay: .milliseconds(5)),
            clock: SystemClock())
        client = OpenMeteoClient(transport: transport, endpoints: fake.endpoints(withPollenProxy: pollenProxy))
    }
}

/// The keys of a JSON object, in order.
func keys(_ value: JSONValue?) -> [String] {
    guard case .object(let pairs)? = value else { return [] }
    return pairs.map(\.key)
}

/// A logger writing into memory.
func testLogger() -> (Logger, InMemoryLogSink) {
    let sink = InMemoryLogSink()
    return (Logger(label: "test", sink: sink, format: .terminal, clock: ManualClock()), sink)
}
