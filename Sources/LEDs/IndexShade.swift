public import AirQuality

/// What the LEDs need of a level on another index than the US AQI: its own colour for RGB LEDs, and the US
/// level at the same position of the scale for bars and single LEDs (which show positions, not colours).
public struct IndexShade: Sendable, Hashable {
    /// The US level at the same relative position (best = Excellent, worst = Hazardous).
    public let level: AQILevel
    /// The index's own colour for the level.
    public let color: RGBColor
    /// The level's name, e.g. "Moderate (EAQI)".
    public let name: String

    /// A shade from its parts.
    public init(level: AQILevel, color: RGBColor, name: String) {
        self.level = level
        self.color = color
        self.name = name
    }

    /// The shade of `value`'s level: ordinal o of n levels maps to US level round(o · 6 / (n − 1)).
    public init(_ value: IndexValue) {
        let level = value.level
        let count = value.definition.levels.count
        let scaled = count > 1 ? (level.ordinal * 6 * 2 + (count - 1)) / (2 * (count - 1)) : 0
        self.init(
            level: AQILevel.allCases[max(0, min(6, scaled))], color: level.color,
            name: "\(level.name) (\(value.definition.shortName))")
    }
}
