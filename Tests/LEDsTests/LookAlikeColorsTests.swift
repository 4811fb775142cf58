import AirQuality
import Configuration
import JSON
import LEDs
import Testing

/// The default palette is the Breeze app's (AQIStatus), and on an RGB LED with PWM its two oranges are told
/// apart by a dark gap instead of a different colour.
@Suite("Default palette and look-alike colours")
struct LookAlikeColorsTests {
    /// AQIStatus colours as the design card lists them (Excellent and Good share the first).
    static let breezeHex: [AQILevel: String] = [
        .excellent: "#34c759", .good: "#34c759", .moderate: "#ff9500", .unhealthySensitive: "#ff6b00",
        .unhealthy: "#ff3b30", .veryUnhealthy: "#af52de", .hazardous: "#8e0000",
    ]

    @Test("every backend defaults to the breeze palette: the policy, the configuration and an empty section")
    func defaults() throws {
        #expect(LEDPalette.default == .breeze)
        #expect(LEDPolicy(kind: .rgb).palette == .breeze)
        #expect(LEDConfiguration().palette == .breeze)
        #expect(LEDConfiguration(backend: .gpiod).policy.palette == .breeze)
        let (configuration, problems) = try LEDConfigurationTests.read(
            #"{"leds": {"chip": "gpiochip0", "red": 1, "green": 2, "blue": 3}}"#)
        #expect(problems.isEmpty)
        #expect(configuration?.palette == .breeze)
    }

    @Test("with PWM the LED shows each level's AQIStatus colour (the level's aqi.color)", arguments: AQILevel.allCases)
    func breezeColours(_ level: AQILevel) {
        let policy = LEDPolicy(kind: .rgb, pwm: true)
        #expect(policy.palette.color(for: level).hex == Self.breezeHex[level])
        #expect(policy.palette.color(for: level) == level.color)
        // 1 s into the cycle every level is past its gaps and lit in its own colour.
        let color = level.color
        let expected = [color.red, color.green, color.blue].map { Gamma.duty(perceived: Double($0) / 255) }
        let duties = policy.frame(for: .local(level), elapsed: .seconds(1), at: nil).duties
        for (actual, wanted) in zip(duties, expected) { #expect(abs(actual - wanted) < 1e-9, "\(level)") }
    }

    @Test("Moderate #ff9500 and USG #ff6b00 look alike: USG opens each 3 s with one dark gap, Moderate stays steady")
    func orangesApart() {
        #expect(LookAlikeColors.lookAlike(RGBColor(hex: 0xFF9500), RGBColor(hex: 0xFF6B00)))
        #expect(!LookAlikeColors.lookAlike(RGBColor(hex: 0xFF6B00), RGBColor(hex: 0xFF3B30)))
        let gaps = LookAlikeColors.gaps(palette: .breeze)
        #expect(AQILevel.allCases.map { gaps[$0] ?? -1 } == [0, 0, 0, 1, 0, 0, 0])
        #expect(AQILevel.allCases.map { LookAlikeColors.gaps(palette: .epa)[$0] ?? -1 } == [0, 0, 0, 0, 0, 0, 0])
        let policy = LEDPolicy(kind: .rgb, pwm: true)
        let lit = policy.frame(for: .local(.unhealthySensitive), elapsed: .milliseconds(300), at: nil).duties
        #expect(policy.frame(for: .local(.unhealthySensitive), elapsed: .milliseconds(100), at: nil).duties == [0, 0, 0])
        #expect(lit[0] == 1 && lit[2] == 0)
        #expect(policy.frame(for: .local(.unhealthySensitive), elapsed: .milliseconds(3100), at: nil).duties == [0, 0, 0])
        for t in [100, 300, 1000, 2900] {
            #expect(policy.frame(for: .local(.moderate), elapsed: .milliseconds(Int64(t)), at: nil).duties[0] == 1)
        }
        #expect(policy.summary(for: .local(.unhealthySensitive)) == "#ff6b00, 1 dark gap every 3 s")
        #expect(policy.summary(for: .local(.moderate)) == "steady #ff9500")
    }

    @Test("neighbouring levels with different colours never look the same on the LED", arguments: LEDPalette.allCases)
    func neighboursDistinct(_ palette: LEDPalette) {
        let gaps = LookAlikeColors.gaps(palette: palette)
        for (lower, higher) in zip(AQILevel.allCases, AQILevel.allCases.dropFirst()) {
            let (a, b) = (palette.color(for: lower), palette.color(for: higher))
            guard a != b, LookAlikeColors.lookAlike(a, b) else { continue }
            #expect(gaps[lower] != gaps[higher], "\(palette) \(lower) and \(higher)")
        }
    }
}
