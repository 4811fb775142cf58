/// The numbers reconciliation decides with. docs/reconciliation.md gives the reasoning for each default.
public struct ReconciliationThresholds: Sendable, Hashable, Codable {
    /// Most recent clock hours compared (the newest ones with both a local mean and a model value).
    public var comparisonHours: Int = 3
    /// How far back a compared hour may start, seconds (older local hours are not "now").
    public var comparisonLookback: Double = 6 * 3600
    /// |local − reference| at or below this agrees, whatever the ratio, µg/m³ (clean air).
    public var agreementAbsolute: Double = 5
    /// local/reference within [1/f, f] agrees ("FAC2" of model evaluation).
    public var agreementFactor: Double = 2
    /// A reference fetched longer ago than this is unavailable for comparison, seconds.
    public var maximumReferenceAge: Double = 3 * 3600
    /// Consecutive hourly means that must be flat to call the sensor stuck.
    public var stuckHours: Int = 6
    /// Largest spread (max − min) of those means that counts as flat, µg/m³.
    public var stuckSpread: Double = 0.05
    /// A flat series below this level is clean air, not a stuck sensor, µg/m³.
    public var stuckMinimumLevel: Double = 1
    /// A local hourly PM2.5 at or below this counts as zero, µg/m³.
    public var zeroLevel: Double = 0.5
    /// A model PM2.5 at or above this is "clearly polluted" for the zero rule, µg/m³.
    public var zeroReferenceMinimum: Double = 15
    /// Compared hours (all of them zero, all of them polluted) the zero rule needs.
    public var zeroHours: Int = 2
    /// Long-run window, seconds.
    public var driftWindow: Double = 7 * 24 * 3600
    /// Paired hours the long-run ratio needs before it can flag anything.
    public var driftMinimumHours: Int = 72
    /// Hours whose model PM2.5 is below this are left out of the long-run sums, µg/m³.
    public var driftReferenceMinimum: Double = 3
    /// A long-run ratio above this is drift.
    public var driftUpperRatio: Double = 2.5
    /// A long-run ratio below this is drift.
    public var driftLowerRatio: Double = 0.4

    /// The documented defaults.
    public init() {}
}
