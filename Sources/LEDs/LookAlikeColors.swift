public import AirQuality

/// Neighbouring levels whose colours differ on paper but look the same on an RGB LED, and the short dark gaps
/// that tell them apart with PWM.
///
/// Through PWM an LED shows a palette's exact colours, but the eye judges a lone LED by hue, with nothing beside
/// it to compare: the Breeze palette's Moderate `#ff9500` and Unhealthy for Sensitive Groups `#ff6b00` (10° of
/// hue apart, both orange) read as one colour. Instead of replacing a colour, the more severe of two such
/// neighbours opens each 3 s cycle with dark gaps, as the no-PWM codes do (``OnOffColor/codes(palette:)``).
/// Levels that share a colour outright (Excellent and Good in both palettes) are the palette's choice: a bar or
/// the no-PWM codes tell those apart, and the LED keeps the steady colour the level has always had.
public enum LookAlikeColors {
    /// Two different colours closer in hue than this (degrees) look alike on a lone LED.
    public static let hueThreshold = 15.0

    /// The dark gaps per cycle each level gets with PWM: one more than its less severe neighbour when their
    /// colours differ but look alike, else none.
    public static func gaps(palette: LEDPalette) -> [AQILevel: Int] {
        var result: [AQILevel: Int] = [:]
        var previous: (color: RGBColor, gaps: Int)?
        for level in AQILevel.allCases {
            let color = palette.color(for: level)
            var gaps = 0
            if let previous, previous.color != color, lookAlike(previous.color, color) {
                gaps = previous.gaps + 1
            }
            result[level] = gaps
            previous = (color, gaps)
        }
        return result
    }

    /// Whether `a` and `b` are within ``hueThreshold`` of hue (both must have a hue: greys never look alike).
    public static func lookAlike(_ a: RGBColor, _ b: RGBColor) -> Bool {
        guard let first = hue(a), let second = hue(b) else { return false }
        let difference = abs(first - second)
        return min(difference, 360 - difference) < hueThreshold
    }

    /// The hue of `color` in degrees (0 red, 120 green, 240 blue), nil for a grey.
    public static func hue(_ color: RGBColor) -> Double? {
        let (r, g, b) = (Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
        let high = max(r, g, b)
        let chroma = high - min(r, g, b)
        guard chroma > 0 else { return nil }
        let sector: Double
        if high == r {
            sector = ((g - b) / chroma).truncatingRemainder(dividingBy: 6)
        } else if high == g {
            sector = (b - r) / chroma + 2
        } else {
            sector = (r - g) / chroma + 4
        }
        let degrees = sector * 60
        return degrees < 0 ? degrees + 360 : degrees
    }
}
