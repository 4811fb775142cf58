public import FoundationEssentials

/// The paired hours (local mean, model mean) reconciliation has seen, for the long-run ratio.
///
/// A value type the station keeps between reference updates (and may persist: it is `Codable`). One entry
/// per clock hour; a later pairing of the same hour replaces the earlier one (the model revises past hours).
public struct ReconciliationHistory: Sendable, Hashable, Codable {
    /// One clock hour seen by both.
    public struct PairedHour: Sendable, Hashable, Codable {
        /// Start of the clock hour.
        public let hourStart: Date
        /// Local PM2.5 hourly mean, µg/m³.
        public let local: Double
        /// Model PM2.5 over the same hour, µg/m³.
        public let reference: Double
    }

    /// The pairs, oldest first.
    public private(set) var pairs: [PairedHour] = []

    /// An empty history.
    public init() {}

    /// Adds or replaces the pair of `hourStart`, and forgets pairs older than `window` seconds before `now`.
    public mutating func record(hourStart: Date, local: Double, reference: Double, now: Date, window: Double) {
        let pair = PairedHour(hourStart: hourStart, local: local, reference: reference)
        if let index = pairs.firstIndex(where: { $0.hourStart == hourStart }) {
            pairs[index] = pair
        } else {
            pairs.append(pair)
            pairs.sort { $0.hourStart < $1.hourStart }
        }
        let horizon = now.addingTimeInterval(-window)
        pairs.removeAll { $0.hourStart < horizon }
    }

    /// Σ local / Σ reference over the pairs of the last `window` seconds whose reference is at least
    /// `referenceMinimum`, with the number of pairs used. A ratio of sums, not a mean of ratios: hours of
    /// clean air, where a ratio is noise, weigh little.
    public func longRunRatio(now: Date, window: Double, referenceMinimum: Double) -> (ratio: Double?, hours: Int) {
        let horizon = now.addingTimeInterval(-window)
        let used = pairs.filter { $0.hourStart >= horizon && $0.reference >= referenceMinimum }
        let referenceSum = used.reduce(0) { $0 + $1.reference }
        guard !used.isEmpty, referenceSum > 0 else { return (nil, used.count) }
        return (used.reduce(0) { $0 + $1.local } / referenceSum, used.count)
    }
}
