/// The EPA's own AQI categories and standard colours (Technical Assistance Document, May 2024, Tables 1-2).
///
/// Breeze shows its own level scale (``AQILevel``); the EPA category is reported alongside so API users
/// can choose.
public enum EPACategory: String, Sendable, CaseIterable, Codable {
    /// 0-50.
    case good
    /// 51-100.
    case moderate
    /// 101-150.
    case unhealthySensitive = "unhealthy_sensitive"
    /// 151-200.
    case unhealthy
    /// 201-300.
    case veryUnhealthy = "very_unhealthy"
    /// 301 and above (one open-ended category since 2024).
    case hazardous

    /// The category of a (rounded) index value.
    public init(index: Int) {
        switch index {
        case ..<51: self = .good
        case 51...100: self = .moderate
        case 101...150: self = .unhealthySensitive
        case 151...200: self = .unhealthy
        case 201...300: self = .veryUnhealthy
        default: self = .hazardous
        }
    }

    /// The EPA's name, e.g. "Unhealthy for Sensitive Groups".
    public var name: String {
        switch self {
        case .good: "Good"
        case .moderate: "Moderate"
        case .unhealthySensitive: "Unhealthy for Sensitive Groups"
        case .unhealthy: "Unhealthy"
        case .veryUnhealthy: "Very Unhealthy"
        case .hazardous: "Hazardous"
        }
    }

    /// The EPA's standard colour.
    public var color: RGBColor {
        switch self {
        case .good: RGBColor(hex: 0x00E400)
        case .moderate: RGBColor(hex: 0xFFFF00)
        case .unhealthySensitive: RGBColor(hex: 0xFF7E00)
        case .unhealthy: RGBColor(hex: 0xFF0000)
        case .veryUnhealthy: RGBColor(hex: 0x8F3F97)
        case .hazardous: RGBColor(hex: 0x7E0023)
        }
    }

    /// The index range of the category; the Hazardous range is open-ended.
    public var indexRange: ClosedRange<Int> {
        switch self {
        case .good: 0...50
        case .moderate: 51...100
        case .unhealthySensitive: 101...150
        case .unhealthy: 151...200
        case .veryUnhealthy: 201...300
        case .hazardous: 301...Int.max
        }
    }
}
