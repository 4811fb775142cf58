public import FoundationEssentials
public import JSON

/// How a sensor is doing, for everyone above the driver (the pipeline, LEDs, the status page, metrics).
public struct SensorHealth: Sendable, Hashable {
    /// The health states.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// Good samples arrive.
        case ok
        /// Readings are discarded while the fan and laser stabilise (after power-up, wake or reset).
        case warmingUp = "warming_up"
        /// No good sample for longer than the stale limit; the driver is recovering.
        case stale
        /// The recovery ladder is exhausted; the sensor needs attention (the driver still retries slowly).
        case fault
        /// The device is not there (not plugged in, unplugged, nothing answers at the address).
        case absent
    }

    /// The state.
    public var state: State
    /// Why, in words (nil when ok).
    public var reason: String?
    /// When the state began.
    public var since: Date
    /// When the last good sample arrived; nil when none has yet.
    public var lastGoodSample: Date?

    /// A health value.
    public init(state: State, reason: String?, since: Date, lastGoodSample: Date?) {
        self.state = state
        self.reason = reason
        self.since = since
        self.lastGoodSample = lastGoodSample
    }

    /// Seconds since the last good sample at `now`; nil when there was none.
    public func lastGoodSampleAge(at now: Date) -> Double? {
        lastGoodSample.map { max(0, now.timeIntervalSince($0)) }
    }

    /// `{"state", "reason", "since", "last_good_sample_age_s"}` at `now` (times in Unix seconds).
    public func json(at now: Date) -> JSONValue {
        [
            "state": .string(state.rawValue),
            "reason": JSONValue(reason),
            "since": JSONValue(since.timeIntervalSince1970),
            "last_good_sample_age_s": JSONValue(lastGoodSampleAge(at: now).map { ($0 * 10).rounded() / 10 }),
        ]
    }
}
