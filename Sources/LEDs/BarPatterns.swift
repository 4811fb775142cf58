import AirQuality

/// The patterns of a bar of 1 to 7 LEDs, line 0 at the bottom (the Excellent end). See docs/leds.md.
///
/// Local value: the bar filled to the level, steady. Regional fallback: the same, with the top lit LED
/// blinking slowly. Warming up: one LED running up and down. No data: the bottom LED blips every 3 s.
/// Fault: odd and even LEDs alternating.
enum BarPatterns {
    static let step: Duration = .milliseconds(200)

    /// How many LEDs are lit for `level` on a bar of `count`: all seven levels on seven LEDs, fewer levels
    /// merged on shorter bars (`ceil((ordinal + 1) × count / 7)`).
    static func litCount(_ level: AQILevel, count: Int) -> Int {
        ((level.ordinal + 1) * count + AQILevel.allCases.count - 1) / AQILevel.allCases.count
    }

    static func pattern(for state: IndicatorState, count: Int) -> LEDPattern {
        let off = [Double](repeating: 0, count: count)
        func only(_ positions: some Sequence<Int>) -> [Double] {
            var levels = off
            for position in positions where position < count { levels[position] = 1 }
            return levels
        }
        switch state {
        case .selfTest:
            let sweep = (0..<count).map { LEDPattern.Step(step, only([$0])) }
            let full = LEDPattern.Step(.seconds(2) - step * count, only(0..<count))
            return LEDPattern(sweep + [full, LEDPattern.Step(.zero, off)], repeats: false)
        case .warmingUp:
            if count == 1 {
                return LEDPattern([LEDPattern.Step(.seconds(1), only([0])), LEDPattern.Step(.seconds(1), off)])
            }
            let positions = Array(0..<count) + Array((1..<(count - 1)).reversed())
            return LEDPattern(positions.map { LEDPattern.Step(step, only([$0])) })
        case .local(let level):
            return .steady(only(0..<litCount(level, count: count)))
        case .regional(let level):
            let lit = litCount(level, count: count)
            return LEDPattern([
                LEDPattern.Step(.seconds(1), only(0..<lit)), LEDPattern.Step(.seconds(1), only(0..<(lit - 1))),
            ])
        case .localIndex(let shade):
            // Positions, not colours: another index's level shows as its US position.
            return pattern(for: .local(shade.level), count: count)
        case .noData:
            return LEDPattern([
                LEDPattern.Step(.milliseconds(100), only([0])), LEDPattern.Step(.milliseconds(2900), off),
            ])
        case .fault:
            if count == 1 {
                return LEDPattern([
                    LEDPattern.Step(.milliseconds(125), only([0])), LEDPattern.Step(.milliseconds(125), off),
                ])
            }
            return LEDPattern([
                LEDPattern.Step(.milliseconds(250), only(stride(from: 0, to: count, by: 2))),
                LEDPattern.Step(.milliseconds(250), only(stride(from: 1, to: count, by: 2))),
            ])
        }
    }
}

extension BarPatterns {
    /// What the pattern looks like, in words.
    static func summary(for state: IndicatorState, count: Int) -> String {
        switch state {
        case .selfTest:
            return "each LED in turn (0.2 s), then all; then off"
        case .warmingUp:
            return count == 1 ? "1 s on, 1 s off" : "one LED running up and down (0.2 s a step)"
        case .local(let level):
            return "lowest \(litCount(level, count: count)) of \(count) lit, steady"
        case .regional(let level):
            let lit = litCount(level, count: count)
            let below = lit > 1 ? "lowest \(lit - 1) lit, " : ""
            return below + "LED \(lit) blinking (1 s on, 1 s off)"
        case .localIndex(let shade):
            return summary(for: .local(shade.level), count: count)
        case .noData:
            return "bottom LED 0.1 s flash every 3 s"
        case .fault:
            return count == 1 ? "blinking fast (4 Hz)" : "odd and even LEDs alternating (0.25 s)"
        }
    }
}
