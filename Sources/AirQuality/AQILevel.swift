/// The level scale Breeze users see (the Breeze app's AQIStatus): the EPA categories, with Good split into
/// Excellent (0-25) and Good (26-50).
///
/// Raw values are the `level` strings of the JSON API and the CLI.
public enum AQILevel: String, Sendable, CaseIterable, Codable, Comparable {
    /// 0-25.
    case excellent
    /// 26-50.
    case good
    /// 51-100.
    case moderate
    /// 101-150.
    case unhealthySensitive = "unhealthy_sensitive"
    /// 151-200.
    case unhealthy
    /// 201-300.
    case veryUnhealthy = "very_unhealthy"
    /// 301 and above.
    case hazardous

    /// The level of a (rounded) index value. Negative values count as Excellent.
    public init(index: Int) {
        switch index {
        case ..<26: self = .excellent
        case 26...50: self = .good
        case 51...100: self = .moderate
        case 101...150: self = .unhealthySensitive
        case 151...200: self = .unhealthy
        case 201...300: self = .veryUnhealthy
        default: self = .hazardous
        }
    }

    /// The index range of the level; the Hazardous range is open-ended.
    public var indexRange: ClosedRange<Int> {
        switch self {
        case .excellent: 0...25
        case .good: 26...50
        case .moderate: 51...100
        case .unhealthySensitive: 101...150
        case .unhealthy: 151...200
        case .veryUnhealthy: 201...300
        case .hazardous: 301...Int.max
        }
    }

    /// The EPA category the level falls in.
    public var epaCategory: EPACategory { EPACategory(index: indexRange.lowerBound) }

    /// Position on the scale, 0 (Excellent) to 6 (Hazardous); used by bar-gauge LEDs.
    public var ordinal: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    public static func < (lhs: AQILevel, rhs: AQILevel) -> Bool { lhs.ordinal < rhs.ordinal }
}
