/// The wait before the next connection attempt: doubling from `initial` up to `maximum`, with jitter below
/// the exponential value (never above the cap) so a fleet of stations does not reconnect to a restarted
/// broker in lockstep. Reset after a successful connection.
public struct ReconnectBackoff: Sendable, Hashable {
    /// The first wait.
    public let initial: Duration
    /// The longest wait: a broker back after any outage is reached again within this (plus a connect).
    public let maximum: Duration
    /// The jitter as a fraction of the wait taken off at most (0.25: waits are 75-100 % of the exponential).
    public let jitter: Double
    /// Failed attempts since the last success.
    public private(set) var failures = 0

    /// A backoff.
    public init(initial: Duration = .seconds(1), maximum: Duration, jitter: Double = 0.25) {
        self.initial = initial
        self.maximum = max(maximum, initial)
        self.jitter = min(max(jitter, 0), 1)
    }

    /// The wait after one more failure. `random` is uniform in 0..<1 (injected for tests).
    public mutating func nextDelay(random: Double) -> Duration {
        let exponent = min(failures, 30)
        failures += 1
        let base = min(initial * (1 << exponent), maximum)
        let fraction = 1 - jitter * min(max(random, 0), 1)
        return base * fraction
    }

    /// Back to the first wait, after a successful connection.
    public mutating func reset() { failures = 0 }
}
