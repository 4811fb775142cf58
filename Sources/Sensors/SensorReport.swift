public import FoundationEssentials

/// What a driver reports besides its samples: its condition (the health's inputs) and its counters. It travels
/// as ``SensorEvent/report(_:)`` whenever either changed, so the pipeline keeps the latest one and never reads
/// the driver.
public struct SensorReport: Sendable, Hashable {
    /// The health's inputs; ``health(at:)`` adds staleness.
    public var condition: SensorCondition
    /// The counters so far (decoders of every session included).
    public var statistics: SensorStatistics

    /// A report.
    public init(condition: SensorCondition, statistics: SensorStatistics) {
        self.condition = condition
        self.statistics = statistics
    }

    /// The health at `now` (``SensorCondition/health(at:)``).
    public func health(at now: Date) -> SensorHealth { condition.health(at: now) }
}
