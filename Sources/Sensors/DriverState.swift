import CheckedConversions
import Clocks
import FoundationEssentials

/// What a driver shares with readers on other tasks, kept under its mutex.
struct DriverState: Sendable {
    /// The health as the driver last set it; ``health(at:staleAfter:)`` adds staleness.
    var base: SensorHealth
    /// Why the last attempt failed, while failures go on.
    var lastFailure: String?
    var statistics = SensorStatistics()
    /// Decoder counters of closed sessions.
    var closedDecoders = DecoderStatistics()
    /// Decoder counters of the open session.
    var openDecoder = DecoderStatistics()
    var latestSample: SensorSample?

    init(now: Date) {
        base = SensorHealth(state: .warmingUp, reason: "starting", since: now, lastGoodSample: nil)
    }

    /// The health at `now`: `ok` (or an exhausted warm-up) turns `stale` once the last good sample is older than
    /// `staleAfter`.
    func health(at now: Date, staleAfter: Duration, warmUntil: Date?) -> SensorHealth {
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

    /// Every decoder counter so far.
    var decoderTotals: DecoderStatistics { closedDecoders + openDecoder }
}
