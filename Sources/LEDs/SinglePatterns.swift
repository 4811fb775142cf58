import AirQuality

/// The patterns of a single LED: the level as a blink rate. See docs/leds.md.
///
/// Local value: even blinking, faster for worse air (Excellent is steady on). Regional fallback: short
/// flashes (15 % on) at the same rate. Warming up: breathing with PWM, three short flashes every 3 s without.
/// No data: a 0.1 s flash every 3 s. Fault: a double flash every second.
enum SinglePatterns {
    /// The blink period of a local value; nil for steady on.
    static func period(_ level: AQILevel) -> Duration? {
        switch level {
        case .excellent: nil
        case .good: .seconds(4)
        case .moderate: .seconds(2)
        case .unhealthySensitive: .seconds(1)
        case .unhealthy: .milliseconds(500)
        case .veryUnhealthy: .milliseconds(250)
        case .hazardous: .milliseconds(125)
        }
    }

    /// The flash period of a regional value (Excellent, steady when local, flashes every 8 s).
    static func regionalPeriod(_ level: AQILevel) -> Duration { period(level) ?? .seconds(8) }

    /// The share of the period a regional flash is on.
    static let regionalOnShare = 0.15

    static let on: [Double] = [1]
    static let off: [Double] = [0]

    static func pattern(for state: IndicatorState, pwm: Bool) -> LEDPattern {
        func blink(_ onTime: Duration, _ offTime: Duration) -> [LEDPattern.Step] {
            [LEDPattern.Step(onTime, on), LEDPattern.Step(offTime, off)]
        }
        switch state {
        case .selfTest:
            let flashes = (0..<3).flatMap { _ in blink(.milliseconds(200), .milliseconds(200)) }
            return LEDPattern(flashes + [LEDPattern.Step(.zero, off)], repeats: false)
        case .warmingUp:
            if pwm {
                return LEDPattern([
                    LEDPattern.Step(.seconds(1), [0.1], fades: true), LEDPattern.Step(.seconds(1), on, fades: true),
                ])
            }
            let flashes = (0..<3).flatMap { _ in blink(.milliseconds(100), .milliseconds(150)) }
            return LEDPattern(flashes + [LEDPattern.Step(.milliseconds(2250), off)])
        case .local(let level):
            guard let period = period(level) else { return .steady(on) }
            return LEDPattern(blink(period / 2, period / 2))
        case .regional(let level):
            let period = regionalPeriod(level)
            let onTime = max(period * regionalOnShare, .milliseconds(40))
            return LEDPattern(blink(onTime, period - onTime))
        case .localIndex(let shade):
            // Positions, not colours: another index's level shows as its US position.
            return pattern(for: .local(shade.level), pwm: pwm)
        case .noData:
            return LEDPattern(blink(.milliseconds(100), .milliseconds(2900)))
        case .fault:
            return LEDPattern(
                blink(.milliseconds(100), .milliseconds(100)) + blink(.milliseconds(100), .milliseconds(700)))
        }
    }
}

extension SinglePatterns {
    /// What the pattern looks like, in words.
    static func summary(for state: IndicatorState, pwm: Bool) -> String {
        switch state {
        case .selfTest:
            return "three 0.2 s flashes; then off"
        case .warmingUp:
            return pwm ? "breathing (2 s)" : "three short flashes every 3 s"
        case .local(let level):
            guard let period = period(level) else { return "steady on" }
            return "blinking, \(LEDDurations.text(period / 2)) on, \(LEDDurations.text(period / 2)) off"
        case .regional(let level):
            let period = regionalPeriod(level)
            let onTime = max(period * regionalOnShare, .milliseconds(40))
            return "\(LEDDurations.text(onTime)) flash every \(LEDDurations.text(period))"
        case .localIndex(let shade):
            return summary(for: .local(shade.level), pwm: pwm)
        case .noData:
            return "0.1 s flash every 3 s"
        case .fault:
            return "double flash every 1 s"
        }
    }
}
