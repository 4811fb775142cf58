import CheckedConversions
import Clocks
public import FoundationEssentials

/// What a driver's health depends on, as a value: the health the driver last set, why its attempts fail,
/// when its warm-up ends and how long a silence may last. ``health(at:)`` adds staleness at any moment, so
/// whoever holds the value (the driver, or the pipeline that got it in a ``SensorReport``) computes the same
/// health without asking the driver.
public struct SensorCondition: Sendable, Hashable {
    /// The health as the driver last set it (without staleness).
    public var base: SensorHealth
    /// Why the last attempt failed, while failures go on; nil after a good sample.
    public var lastFailure: String?
    /// When the current warm-up ends (station clock); nil when none runs.
    public var warmUntil: Date?
    /// How long after the last good sample (or, before the first, after `base.since`) the sensor is `stale`.
    public var staleAfter: Duration

    /// A condition.
    public init(base: SensorHealth, lastFailure: String? = nil, warmUntil: Date? = nil, staleAfter: Duration) {
        self.base = base
        self.lastFailure = lastFailure
        self.warmUntil = warmUntil
        self.staleAfter = staleAfter
    }

    /// The health at `now`: `ok` (or an exhausted warm-up) turns `stale` once the last good sample is older than
    /// ``staleAfter``.
    public func health(at now: Date) -> SensorHealth {
        var health = base
        let reference = base.lastGoodSample ?? base.since
        let age = now.timeIntervalSince(reference)
        let warmingOver = warmUntil.map { now >= $0 } ?? true
        let canGoStale = base.state == .ok || (base.state == .warmingUp && warmingOver)
        if canGoStale, age > staleAfter.timeInterval {
            health.state = .stale
            let seconds = Int(clampingRounded: age)
            let what =
                base.lastGoodSample == nil ? "no good sample yet after \(seconds) s" : "no good sample for \(seconds) s"
            health.reason = lastFailure.map { "\(what): \($0)" } ?? what
            health.since = reference.addingTimeInterval(staleAfter.timeInterval)
        }
        return health
    }
}
