public import AirQuality

/// Which colours an RGB LED gives the levels.
public enum LEDPalette: String, Sendable, CaseIterable, Hashable {
    /// The EPA's colours (green, yellow, orange, red, purple, maroon), for those who know AirNow's map.
    case epa
    /// The Breeze app's colours (``AQILevel/color``, AQIStatus): the default, as the design card asks, so the
    /// LEDs match the app, the status page and `aqi.color`.
    case breeze

    /// The palette of every backend when `leds.palette` is not set.
    public static let `default`: LEDPalette = .breeze

    /// The colour of `level`.
    public func color(for level: AQILevel) -> RGBColor {
        switch self {
        case .breeze: level.color
        case .epa: RGBColor(hex: Self.epaHex(level.epaCategory))
        }
    }

    private static func epaHex(_ category: EPACategory) -> UInt32 {
        switch category {
        case .good: 0x00E400
        case .moderate: 0xFFFF00
        case .unhealthySensitive: 0xFF7E00
        case .unhealthy: 0xFF0000
        case .veryUnhealthy: 0x8F3F97
        case .hazardous: 0x7E0023
        }
    }

    /// The colour of status patterns (warming up, regional marker, no data, fault): blue, which no level uses.
    public static let status = RGBColor(hex: 0x0000FF)
}
