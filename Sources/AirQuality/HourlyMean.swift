/// The mean of one clock hour of raw samples, and the rule for an hour with too few of them.
///
/// Rule: an hour counts only when it holds at least ``minimumCoverage`` of the samples expected at the
/// sampling interval (75 %, the EPA's usual completeness criterion: 45 of 60 one-minute means). An hour below
/// that is a missing hour for the NowCast and the 24-hour mean, not a low one. (The EPA's PurpleAir cleaning
/// guidance asks 90 % of 2-minute samples; the threshold is a parameter for stations that want that.)
public struct HourlyMean: Sendable, Hashable {
    /// Default share of expected samples an hour must have to count.
    public static let minimumCoverage = 0.75

    /// The arithmetic mean of the samples.
    public let mean: Double
    /// Number of samples averaged.
    public let count: Int
    /// Share of the expected samples present, 0...1.
    public let coverage: Double

    /// The mean of `samples`, or nil when they cover less than `minimumCoverage` of `expectedCount`.
    /// Non-finite and negative samples are dropped before counting.
    public init?(
        samples: some Sequence<Double>,
        expectedCount: Int,
        minimumCoverage: Double = HourlyMean.minimumCoverage
    ) {
        var sum = 0.0
        var count = 0
        for sample in samples where sample.isFinite && sample >= 0 {
            sum += sample
            count += 1
        }
        guard count > 0, expectedCount > 0 else { return nil }
        let coverage = min(1, Double(count) / Double(expectedCount))
        guard coverage >= minimumCoverage else { return nil }
        self.mean = sum / Double(count)
        self.count = count
        self.coverage = coverage
    }
}
