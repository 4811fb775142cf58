/// When to try a request again, and how long to wait first: exponential backoff with jitter.
///
/// Retried: transient transport failures (no connection, timeouts, broken transfers) and 5xx responses.
/// Never retried: 4xx responses (the request itself is wrong, or the caller is rate-limited and should wait
/// for its next scheduled refresh), invalid URLs, TLS failures, oversized bodies and cancellations.
public struct RetryPolicy: Sendable, Hashable {
    /// Attempts in all, the first included (1 = no retries).
    public var maximumAttempts: Int
    /// The wait before the first retry, before jitter.
    public var initialDelay: Duration
    /// The longest wait before jitter.
    public var maximumDelay: Duration
    /// Growth of the wait per failed attempt.
    public var multiplier: Double

    /// Defaults: 3 attempts, 1 s then 2 s (each jittered down to half), at most 30 s.
    public init(
        maximumAttempts: Int = 3, initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(30),
        multiplier: Double = 2
    ) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
        self.multiplier = max(1, multiplier)
    }

    /// No retries at all.
    public static let none = RetryPolicy(maximumAttempts: 1)

    /// The wait after `failures` failed attempts (1 for the first retry), given `random` in 0..<1.
    ///
    /// "Equal jitter": half of the exponential step is fixed and half random, so clients that failed
    /// together do not retry together, and no retry comes sooner than half the step.
    public func delay(afterFailures failures: Int, random: Double) -> Duration {
        let step = initialDelay.seconds * pow(multiplier, max(0, failures - 1))
        let capped = min(step, maximumDelay.seconds)
        let jittered = capped / 2 + capped / 2 * min(max(random, 0), 1)
        // Checked: a configuration's multiplier can make the step overflow to infinity; wait the longest then.
        return .nanoseconds(Int64(exactly: (jittered * 1e9).rounded()) ?? (jittered > 0 ? .max : 0))
    }

    /// Whether an attempt that ended in `outcome` may be retried (attempts left permitting).
    public func shouldRetry(_ outcome: Result<HTTPResponse, HTTPClientError>) -> Bool {
        switch outcome {
        case .success(let response): (500..<600).contains(response.status)
        case .failure(let error): error.isTransient
        }
    }

    /// A server's `Retry-After` in whole seconds, when it asks for a wait no longer than ``maximumDelay``.
    public func serverDelay(_ response: HTTPResponse) -> Duration? {
        guard let text = response.header("Retry-After"), let seconds = Int(text), seconds >= 0,
            Double(seconds) <= maximumDelay.seconds
        else { return nil }
        return .seconds(seconds)
    }
}

extension Duration {
    var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}

/// x^y for the backoff; the standard library has no `pow` without Foundation or Glibc.
private func pow(_ base: Double, _ exponent: Int) -> Double {
    var result = 1.0
    var remaining = exponent
    while remaining > 0 {
        result *= base
        remaining -= 1
    }
    return result
}
