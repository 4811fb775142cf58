public import Clocks
public import Diagnostics

/// Wraps a transport with retries: jittered exponential backoff on transient failures and 5xx, none on 4xx.
///
/// Waits run on the given clock (a `ManualClock` (ClocksTestSupport) in tests). When every attempt failed, the last error is
/// thrown with its attempt count, or the last 5xx response is returned so the caller can show its body.
public struct RetryingHTTPTransport: HTTPTransport {
    private let base: any HTTPTransport
    /// The retry rules.
    public let policy: RetryPolicy
    private let clock: any StationClock
    private let random: @Sendable () -> Double
    private let logger: Logger?

    /// Retries `base` by `policy`, sleeping on `clock`; `random` returns values in 0..<1 for the jitter.
    public init(
        wrapping base: any HTTPTransport, policy: RetryPolicy = RetryPolicy(), clock: any StationClock,
        logger: Logger? = nil, random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.base = base
        self.policy = policy
        self.clock = clock
        self.logger = logger
        self.random = random
    }

    public func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse {
        var attempt = 1
        while true {
            let outcome: Result<HTTPResponse, HTTPClientError>
            do {
                outcome = .success(try await base.send(request))
            } catch {
                outcome = .failure(error)
            }
            guard attempt < policy.maximumAttempts, policy.shouldRetry(outcome) else {
                switch outcome {
                case .success(let response): return response
                case .failure(var error):
                    error.attempts = attempt
                    throw error
                }
            }
            var wait = policy.delay(afterFailures: attempt, random: random())
            switch outcome {
            case .success(let response):
                if let asked = policy.serverDelay(response) { wait = max(wait, asked) }
                logger?.info("HTTP \(response.status) from \(URLRedaction.redact(request.url)); retrying in \(wait)")
            case .failure(let error):
                logger?.info("\(error); retrying in \(wait)")
            }
            do {
                try await clock.sleep(for: wait)
            } catch {
                throw HTTPClientError(kind: .cancelled, url: request.url, detail: "cancelled", attempts: attempt)
            }
            attempt += 1
        }
    }
}
