public import AirQuality

/// A colour an RGB LED shows without PWM: each of red, green and blue fully on or off.
public struct OnOffColor: Sendable, Hashable, CustomStringConvertible {
    /// Whether the red line is on.
    public let red: Bool
    /// Whether the green line is on.
    public let green: Bool
    /// Whether the blue line is on.
    public let blue: Bool

    /// A colour from its lines.
    public init(red: Bool, green: Bool, blue: Bool) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The nearest on/off colour to `color` in sRGB: each channel of 128 or more is on. A colour that would
    /// be black lights its strongest channel (a dark maroon is red, not off).
    public init(nearest color: RGBColor) {
        let channels = [color.red, color.green, color.blue]
        var on = channels.map { $0 >= 128 }
        if !on.contains(true), let strongest = channels.indices.max(by: { channels[$0] < channels[$1] }) {
            on[strongest] = true
        }
        self.init(red: on[0], green: on[1], blue: on[2])
    }

    /// The line levels, red, green, blue: 1 or 0.
    public var levels: [Double] { [red, green, blue].map { $0 ? 1 : 0 } }

    /// `red`, `yellow`, `magenta`, ...
    public var description: String {
        switch (red, green, blue) {
        case (false, false, false): "off"
        case (true, false, false): "red"
        case (false, true, false): "green"
        case (false, false, true): "blue"
        case (true, true, false): "yellow"
        case (true, false, true): "magenta"
        case (false, true, true): "cyan"
        case (true, true, true): "white"
        }
    }

    /// The on/off colour and blink code of each level without PWM: the nearest on/off colour, and how many
    /// short dark gaps per cycle set the level apart from the less severe levels of the same colour (0 for
    /// the least severe). All seven levels get distinct pairs.
    public static func codes(palette: LEDPalette) -> [AQILevel: (color: OnOffColor, gaps: Int)] {
        var result: [AQILevel: (color: OnOffColor, gaps: Int)] = [:]
        var used: [OnOffColor: Int] = [:]
        for level in AQILevel.allCases {
            let color = OnOffColor(nearest: palette.color(for: level))
            result[level] = (color, used[color, default: 0])
            used[color, default: 0] += 1
        }
        return result
    }
}
