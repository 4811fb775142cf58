import AirQuality
import LEDs
import Testing

@Suite("LEDs for another index than the US AQI")
struct IndexShadeTests {
    func shade(_ index: AirQualityIndexID, _ concentration: Double) throws -> IndexShade {
        IndexShade(try index.definition.subIndex(.pm2_5, concentration: concentration))
    }

    @Test("RGB: the index's own colour, steady, whatever the palette")
    func rgb() throws {
        let moderate = try shade(.euEAQI, 20)
        #expect(moderate.color == RGBColor(hex: 0xF0E641))
        for palette in LEDPalette.allCases {
            let policy = LEDPolicy(kind: .rgb, palette: palette)
            let pattern = policy.pattern(for: .localIndex(moderate))
            let expected: [[Double]] = [[240.0 / 255, 230.0 / 255, 65.0 / 255]]
            #expect(pattern.steps.map(\.levels) == expected)
            #expect(policy.summary(for: .localIndex(moderate)) == "steady #f0e641")
        }
        // Without PWM: the nearest on/off colour (yellow).
        let onOff = LEDPolicy(kind: .rgb, pwm: false).pattern(for: .localIndex(moderate))
        let yellow: [[Double]] = [[1, 1, 0]]
        #expect(onOff.steps.map(\.levels) == yellow)
    }

    @Test("bar and single LEDs: the US level at the same position of the scale")
    func positions() throws {
        let expected: [AQILevel] = [.excellent, .good, .moderate, .unhealthy, .veryUnhealthy, .hazardous]
        let concentrations = [1.0, 10, 20, 60, 100, 200]
        for (concentration, level) in zip(concentrations, expected) {
            let shade = try shade(.euEAQI, concentration)
            #expect(shade.level == level, "\(concentration)")
            for kind in [LEDKind.bar, .single] {
                let policy = LEDPolicy(kind: kind)
                #expect(policy.pattern(for: .localIndex(shade)) == policy.pattern(for: .local(level)))
            }
        }
        // DAQI: point 10 (80 µg/m³) is the top of the scale, point 5 (45 µg/m³) the 5th of 10 → USG.
        #expect(try shade(.ukDAQI, 80).level == .hazardous)
        #expect(try shade(.ukDAQI, 45).level == .unhealthySensitive)
    }

    @Test("the state names the level and the index")
    func description() throws {
        let state = IndicatorState.localIndex(try shade(.euEAQI, 20))
        #expect(state.description == "Moderate (EAQI), local value")
        #expect(state.level == .moderate)
    }
}
