import AirQuality
import CheckedConversions

/// The `terminal` backend: draws the LEDs in 24-bit colour, for demos on a machine without LEDs.
///
/// An RGB LED is one dot in its colour with the colour's hex; a bar is one dot per LED, each in the colour of
/// the level it stands for; a single LED is a white dot. Dark LEDs are dark grey.
public final class TerminalLEDDisplay: LEDDisplay {
    private let kind: LEDKind
    private let palette: LEDPalette
    private let writer: TerminalWriter
    public let lineCount: Int

    /// A display of `policy`'s LEDs on `writer`.
    public init(policy: LEDPolicy, writer: TerminalWriter) {
        self.kind = policy.kind
        self.palette = policy.palette
        self.lineCount = policy.lineCount
        self.writer = writer
    }

    public func show(_ duties: [Double]) throws {
        writer.draw(Self.render(duties, kind: kind, palette: palette))
    }

    public func close() { writer.finish() }

    /// The text for `duties`: ANSI 24-bit colour dots.
    public static func render(_ duties: [Double], kind: LEDKind, palette: LEDPalette) -> String {
        switch kind {
        case .rgb:
            let channels = duties.prefix(3).map { UInt8(clampingRounded: Gamma.perceived(duty: $0) * 255) }
            guard channels.count == 3 else { return "" }
            let color = RGBColor(red: channels[0], green: channels[1], blue: channels[2])
            return "LED " + dot(color) + " " + (channels.allSatisfy { $0 == 0 } ? "off" : color.hex)
        case .bar:
            let dots = duties.indices.map { index in
                dot(scaled(palette.color(for: barLevel(index, count: duties.count)), by: duties[index]))
            }
            return "LEDs " + dots.joined(separator: " ")
        case .single:
            return "LED " + dot(scaled(RGBColor(hex: 0xFFFFFF), by: duties.first ?? 0))
        }
    }

    /// The level the LED at `index` of a bar of `count` stands for (a bar of 3: Excellent, Moderate, Unhealthy).
    static func barLevel(_ index: Int, count: Int) -> AQILevel {
        let levels = AQILevel.allCases
        return levels[min(levels.count - 1, index * levels.count / max(count, 1))]
    }

    static let dark = RGBColor(red: 48, green: 48, blue: 48)

    static func scaled(_ color: RGBColor, by duty: Double) -> RGBColor {
        let factor = Gamma.perceived(duty: duty)
        if factor == 0 { return dark }
        func channel(_ value: UInt8) -> UInt8 { UInt8(clampingRounded: Double(value) * factor) }
        return RGBColor(red: channel(color.red), green: channel(color.green), blue: channel(color.blue))
    }

    static func dot(_ color: RGBColor) -> String {
        let shown = color == RGBColor(red: 0, green: 0, blue: 0) ? dark : color
        return "\u{1B}[38;2;\(shown.red);\(shown.green);\(shown.blue)m●\u{1B}[0m"
    }
}
