import Clocks
import FoundationEssentials

/// What a driver shares with readers on other tasks, kept under its mutex.
struct DriverState: Sendable {
    /// The health as the driver last set it; ``SensorCondition/health(at:)`` adds staleness.
    var base: SensorHealth
    /// Why the last attempt failed, while failures go on.
    var lastFailure: String?
    var statistics = SensorStatistics()
    /// Decoder counters of closed sessions.
    var closedDecoders = DecoderStatistics()
    /// Decoder counters of the open session.
    var openDecoder = DecoderStatistics()
    var latestSample: SensorSample?
    /// When the current warm-up ends; nil when none runs.
    var warmUntil: Date?
    /// The report last sent on the events, so an unchanged one is not sent again.
    var lastReported: SensorReport?

    init(now: Date) {
        base = SensorHealth(state: .warmingUp, reason: "starting", since: now, lastGoodSample: nil)
    }

    /// The health's inputs, with the driver's `staleAfter`.
    func condition(staleAfter: Duration) -> SensorCondition {
        SensorCondition(base: base, lastFailure: lastFailure, warmUntil: warmUntil, staleAfter: staleAfter)
    }

    /// What the driver reports: its condition and every counter so far.
    func report(staleAfter: Duration) -> SensorReport {
        var statistics = statistics
        statistics.decoder = decoderTotals
        return SensorReport(condition: condition(staleAfter: staleAfter), statistics: statistics)
    }

    /// Every decoder counter so far.
    var decoderTotals: DecoderStatistics { closedDecoders + openDecoder }
}
