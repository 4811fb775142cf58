import AirQuality

/// The patterns of one RGB LED (lines red, green, blue). See docs/leds.md for the table.
///
/// Local value: the level's colour, steady. Regional fallback: the same, with a blue marker at the end of each
/// 3 s cycle. Status patterns have no level colour: warming up breathes (or blinks) blue, no data is a short
/// blue blip every 3 s, fault blinks blue fast. Without PWM, levels sharing an on/off colour are told apart by
/// short dark gaps at the start of each cycle (``OnOffColor/codes(palette:)``); with PWM, so is a level whose
/// colour only looks like its less severe neighbour's (``LookAlikeColors``).
enum RGBPatterns {
    static let cycle: Duration = .seconds(3)
    static let gap: Duration = .milliseconds(250)
    static let marker: Duration = .milliseconds(500)
    static let sweepStep: Duration = .milliseconds(200)

    static let off: [Double] = [0, 0, 0]
    static let blue: [Double] = [0, 0, 1]

    static func pattern(for state: IndicatorState, palette: LEDPalette, pwm: Bool) -> LEDPattern {
        switch state {
        case .selfTest:
            let primaries: [[Double]] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]]
            let levels = AQILevel.allCases.map { levelColor($0, palette: palette, pwm: pwm) }
            let steps = (primaries + levels).map { LEDPattern.Step(sweepStep, $0) }
            return LEDPattern(steps + [LEDPattern.Step(.zero, off)], repeats: false)
        case .warmingUp:
            if pwm {
                return LEDPattern([
                    LEDPattern.Step(.seconds(1), [0, 0, 0.1], fades: true),
                    LEDPattern.Step(.seconds(1), blue, fades: true),
                ])
            }
            return LEDPattern([LEDPattern.Step(.seconds(1), blue), LEDPattern.Step(.seconds(1), off)])
        case .local(let level):
            return LEDPattern(levelSteps(level, palette: palette, pwm: pwm, length: cycle))
        case .localIndex(let shade):
            let color = pwm
                ? [shade.color.red, shade.color.green, shade.color.blue].map { Double($0) / 255 }
                : OnOffColor(nearest: shade.color).levels
            return .steady(color)
        case .regional(let level):
            let steps = levelSteps(level, palette: palette, pwm: pwm, length: cycle - marker)
            return LEDPattern(steps + [LEDPattern.Step(marker, blue)])
        case .noData:
            return LEDPattern([LEDPattern.Step(.milliseconds(100), blue), LEDPattern.Step(.milliseconds(2900), off)])
        case .fault:
            return LEDPattern([LEDPattern.Step(.milliseconds(125), blue), LEDPattern.Step(.milliseconds(125), off)])
        }
    }

    /// The level's colour as line levels: exact with PWM, the nearest on/off colour without.
    static func levelColor(_ level: AQILevel, palette: LEDPalette, pwm: Bool) -> [Double] {
        if pwm {
            let color = palette.color(for: level)
            return [color.red, color.green, color.blue].map { Double($0) / 255 }
        }
        return OnOffColor(nearest: palette.color(for: level)).levels
    }

    /// The dark gaps opening each cycle of `level`: the no-PWM blink code, or with PWM the look-alike code
    /// (``LookAlikeColors``).
    static func gapCount(_ level: AQILevel, palette: LEDPalette, pwm: Bool) -> Int {
        if pwm { return LookAlikeColors.gaps(palette: palette)[level] ?? 0 }
        return OnOffColor.codes(palette: palette)[level]?.gaps ?? 0
    }

    /// `length` of the level's colour, opened by the level's dark gaps (without PWM its blink code; with PWM
    /// only when it looks like its less severe neighbour).
    static func levelSteps(_ level: AQILevel, palette: LEDPalette, pwm: Bool, length: Duration) -> [LEDPattern.Step] {
        let color = levelColor(level, palette: palette, pwm: pwm)
        let gaps = gapCount(level, palette: palette, pwm: pwm)
        var steps: [LEDPattern.Step] = []
        for _ in 0..<gaps {
            steps.append(LEDPattern.Step(gap, off))
            steps.append(LEDPattern.Step(gap, color))
        }
        steps.append(LEDPattern.Step(length - gap * (2 * gaps), color))
        return steps
    }
}

extension RGBPatterns {
    /// What the pattern looks like, in words (docs/leds.md's table is made of these).
    static func summary(for state: IndicatorState, palette: LEDPalette, pwm: Bool) -> String {
        switch state {
        case .selfTest:
            return "red, green, blue, then the seven level colours, 0.2 s each; then off"
        case .warmingUp:
            return pwm ? "blue, breathing (2 s)" : "blue, 1 s on, 1 s off"
        case .local(let level):
            let (color, gaps) = colorText(level, palette: palette, pwm: pwm)
            return gaps.isEmpty ? "steady \(color)" : "\(color), \(gaps) every 3 s"
        case .localIndex(let shade):
            return "steady " + (pwm ? shade.color.hex : OnOffColor(nearest: shade.color).description)
        case .regional(let level):
            let (color, gaps) = colorText(level, palette: palette, pwm: pwm)
            return (gaps.isEmpty ? color : "\(color) with \(gaps)") + ", blue for the last 0.5 s of every 3 s"
        case .noData:
            return "blue 0.1 s flash every 3 s"
        case .fault:
            return "blue, blinking fast (4 Hz)"
        }
    }

    /// The colour's words and its blink code's (empty for none): `("#00e400", "")`, `("red", "2 dark gaps")`.
    static func colorText(_ level: AQILevel, palette: LEDPalette, pwm: Bool) -> (color: String, gaps: String) {
        let color = pwm ? palette.color(for: level).hex : OnOffColor(nearest: palette.color(for: level)).description
        switch gapCount(level, palette: palette, pwm: pwm) {
        case 0: return (color, "")
        case 1: return (color, "1 dark gap")
        case let gaps: return (color, "\(gaps) dark gaps")
        }
    }
}
