import AirQuality
import LEDs
import Testing

/// The API's `leds` block is the LEDs module's own pattern identity (issue 14 §3): what an RGB LED does for a
/// state and what the state's family and colour say must be one thing.
@Suite("Pattern families: what the API says is what the RGB LED shows")
struct PatternFamilyTests {
    static var states: [IndicatorState] {
        let shade = IndexShade(try! AirQualityIndexID.euEAQI.definition.subIndex(.pm2_5, concentration: 20))
        return [.selfTest, .warmingUp, .noData, .fault, .localIndex(shade)]
            + AQILevel.allCases.flatMap { [IndicatorState.local($0), .regional($0)] }
    }

    @Test("with PWM, the colour the family reports is the colour the RGB LED holds longest in each cycle (or reaches, breathing or blipping)", arguments: LEDPalette.allCases)
    func colours(palette: LEDPalette) {
        let policy = LEDPolicy(kind: .rgb, pwm: true, palette: palette)
        for state in Self.states {
            let pattern = policy.pattern(for: state)
            guard let color = state.color(on: palette) else {
                #expect(state.patternFamily == .selfTest)
                continue
            }
            let longest = pattern.steps.max { $0.duration < $1.duration }?.levels
            let expected = [color.red, color.green, color.blue].map { Double($0) / 255 }
            if state.patternFamily == .blip || state.patternFamily == .breathing {
                // The blip is 0.1 s of blue in 3 s of dark, the breathing fades to blue and back: the colour
                // reported is the one it reaches.
                #expect(pattern.steps.contains { $0.levels == expected }, "\(state)")
            } else {
                #expect(longest == expected, "\(state) on \(palette)")
            }
        }
    }

    @Test("a family's timing: solid repeats one colour, marked ends each 3 s with the blue marker, fast_blink is 4 Hz")
    func timing() {
        let policy = LEDPolicy(kind: .rgb, pwm: true, palette: .breeze)
        for state in Self.states {
            let pattern = policy.pattern(for: state)
            let blue: [Double] = [0, 0, 1]
            switch state.patternFamily {
            case .marked:
                #expect(pattern.steps.last?.levels == blue && pattern.steps.last?.duration == .milliseconds(500), "\(state)")
            case .solid:
                #expect(!pattern.steps.contains { $0.levels == blue }, "\(state)")
            case .fastBlink:
                #expect(pattern.steps.map(\.duration) == [.milliseconds(125), .milliseconds(125)])
            case .blip:
                #expect(pattern.steps.map(\.duration).reduce(.zero, +) == .seconds(3))
            case .breathing:
                #expect(pattern.steps.allSatisfy { $0.fades })
            case .selfTest, .off:
                break
            }
        }
    }
}
