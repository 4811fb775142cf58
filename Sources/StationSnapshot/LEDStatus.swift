public import AirQuality

/// What the status LEDs show.
public struct LEDStatus: Sendable, Hashable {
    /// The colour shown; nil when the LEDs are off or absent.
    public var color: RGBColor?
    /// The pattern, e.g. `solid`, `breathing`, `blink`, `off` (the LED work's names).
    public var pattern: String

    /// A status; the default is off.
    public init(color: RGBColor? = nil, pattern: String = "off") {
        self.color = color
        self.pattern = pattern
    }
}
