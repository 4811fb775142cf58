/// The AQI sub-index of one pollutant over one averaging period.
public struct SubIndex: Sendable, Hashable {
    /// The pollutant.
    public let pollutant: Pollutant
    /// The averaging period (``AveragingPeriod/nowCast`` for a NowCast).
    public let averaging: AveragingPeriod
    /// The concentration the index was computed from, truncated to the table's precision, in
    /// ``Pollutant/unit``.
    public let concentration: Double
    /// The index, rounded half up; nil when the averaging period has no breakpoints at this concentration.
    public let value: Int?
    /// True when the concentration lies above the top breakpoint and the index was continued on the
    /// Hazardous row (AirNow's "Beyond the AQI"); the number is still defined and may exceed 500.
    public let isBeyondIndex: Bool
    /// Why there is no index, when ``value`` is nil.
    public let unavailableReason: String?

    /// The Breeze level of the index, when there is one.
    public var level: AQILevel? { value.map(AQILevel.init(index:)) }

    /// The EPA category of the index, when there is one.
    public var epaCategory: EPACategory? { value.map(EPACategory.init(index:)) }
}
