/// The LED policy: display state + time + brightness + night schedule → what each line does. Pure: the time
/// since the state began and the local time come in as values, so every output is tested without a clock.
public struct LEDPolicy: Sendable, Hashable {
    /// How the LEDs are built.
    public let kind: LEDKind
    /// The number of lines: 3 for `rgb`, 1-7 for `bar`, 1 for `single`.
    public let lineCount: Int
    /// Whether lines are dimmed by software PWM; without it lines are only on or off.
    public let pwm: Bool
    /// Perceived brightness by day, 0...1 (below 1 needs PWM).
    public let brightness: Double
    /// The night schedule, if any.
    public let night: NightSchedule?
    /// The colours of the levels on an RGB LED.
    public let palette: LEDPalette

    /// A policy. `barLines` is the number of LEDs of a bar (1...7); other kinds ignore it.
    public init(
        kind: LEDKind, barLines: Int = 7, pwm: Bool = true, brightness: Double = 1, night: NightSchedule? = nil,
        palette: LEDPalette = .default
    ) {
        self.kind = kind
        self.lineCount = kind.lineCount(barLines: min(max(barLines, 1), 7))
        self.pwm = pwm
        self.brightness = min(max(brightness, 0), 1)
        self.night = night
        self.palette = palette
    }

    /// The pattern of `state`, before brightness and night.
    public func pattern(for state: IndicatorState) -> LEDPattern {
        switch kind {
        case .rgb: RGBPatterns.pattern(for: state, palette: palette, pwm: pwm)
        case .bar: BarPatterns.pattern(for: state, count: lineCount)
        case .single: SinglePatterns.pattern(for: state, pwm: pwm)
        }
    }

    /// What the pattern of `state` looks like, in words (before brightness and night).
    public func summary(for state: IndicatorState) -> String {
        switch kind {
        case .rgb: RGBPatterns.summary(for: state, palette: palette, pwm: pwm)
        case .bar: BarPatterns.summary(for: state, count: lineCount)
        case .single: SinglePatterns.summary(for: state, pwm: pwm)
        }
    }

    /// The brightness at `localTime` (the night brightness at night, 0 when night means off) and how long it
    /// stays; with no local time (the `leds test` command) the night schedule is ignored.
    public func brightness(at localTime: LocalTime?) -> (value: Double, hold: LEDPattern.Hold) {
        guard let night, let localTime else { return (brightness, .forever) }
        let second = localTime.secondOfDay
        let hold = LEDPattern.Hold.duration(.seconds(night.secondsUntilChange(secondOfDay: second)))
        guard night.isNight(secondOfDay: second) else { return (brightness, hold) }
        return (night.mode == .off ? 0 : night.brightness, hold)
    }

    /// What the lines do `elapsed` after `state` began, at `localTime` (nil: ignore the night schedule).
    public func frame(for state: IndicatorState, elapsed: Duration, at localTime: LocalTime?) -> LEDFrame {
        frame(of: pattern(for: state), elapsed: elapsed, at: localTime)
    }

    /// What the lines do `elapsed` into `pattern` (from ``pattern(for:)``, which a renderer keeps while the
    /// state lasts), at `localTime` (nil: ignore the night schedule).
    public func frame(of pattern: LEDPattern, elapsed: Duration, at localTime: LocalTime?) -> LEDFrame {
        let (scale, nightHold) = brightness(at: localTime)
        if scale == 0 {
            return LEDFrame(duties: Array(repeating: 0, count: lineCount), hold: nightHold)
        }
        let (levels, patternHold) = pattern.sample(at: elapsed)
        let duties = levels.map { level in
            pwm ? Gamma.duty(perceived: level * scale) : (level * scale > 0 ? 1.0 : 0.0)
        }
        return LEDFrame(duties: duties, hold: Self.shorter(patternHold, nightHold))
    }

    static func shorter(_ a: LEDPattern.Hold, _ b: LEDPattern.Hold) -> LEDPattern.Hold {
        switch (a, b) {
        case (.continuous, _), (_, .continuous): .continuous
        case (.forever, let other), (let other, .forever): other
        case (.duration(let x), .duration(let y)): .duration(min(x, y))
        }
    }
}
