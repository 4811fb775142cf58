import AirQuality
import Foundation
import LEDs
import Testing

/// Every level × every health state × night (day, night off, night dim) gives the documented output
/// (docs/leds.md), for every kind, on the EPA palette (whose PWM colours need no look-alike gaps; the default
/// Breeze palette's are in LookAlikeColorsTests). Expected values are written out here from the documentation,
/// not computed by the code under test.
@Suite("LED policy: documented output for every level, health and night")
struct PolicyMatrixTests {
    enum Night: String, CaseIterable, Sendable {
        case day, nightOff, nightDim
    }

    static let cases: [(AQILevel, ReadingHealth, Night)] = AQILevel.allCases.flatMap { level in
        ReadingHealth.allCases.flatMap { health in Night.allCases.map { (level, health, $0) } }
    }

    /// EPA colours by level, as docs/leds.md lists them.
    static let epaHex: [AQILevel: UInt32] = [
        .excellent: 0x00E400, .good: 0x00E400, .moderate: 0xFFFF00, .unhealthySensitive: 0xFF7E00,
        .unhealthy: 0xFF0000, .veryUnhealthy: 0x8F3F97, .hazardous: 0x7E0023,
    ]
    /// On/off colour (r, g, b) and dark gaps without PWM, as docs/leds.md lists them.
    static let onOff: [AQILevel: ([Double], Int)] = [
        .excellent: ([0, 1, 0], 0), .good: ([0, 1, 0], 1), .moderate: ([1, 1, 0], 0),
        .unhealthySensitive: ([1, 0, 0], 0), .unhealthy: ([1, 0, 0], 1), .veryUnhealthy: ([1, 0, 1], 0),
        .hazardous: ([1, 0, 0], 2),
    ]
    /// Single LED blink periods (s) of a local value; nil = steady on.
    static let singlePeriod: [AQILevel: Double?] = [
        .excellent: nil, .good: 4, .moderate: 2, .unhealthySensitive: 1, .unhealthy: 0.5, .veryUnhealthy: 0.25,
        .hazardous: 0.125,
    ]

    static let dayBrightness = 0.8
    static let nightBrightness = 0.2
    // 12:00 and 23:00 UTC; the schedule is 22:00-07:00 at UTC+1, so 23:00 UTC (00:00 local) is night.
    static let noon = Date(timeIntervalSince1970: 1_767_268_800)
    static let midnight = Date(timeIntervalSince1970: 1_767_308_400)
    static let offset = FixedUTCOffset(seconds: 3600)

    static func policy(_ kind: LEDKind, pwm: Bool = true, night: Night, barLines: Int = 7) -> LEDPolicy {
        let schedule =
            night == .day
            ? nil
            : NightSchedule(
                start: TimeOfDay(parsing: "22:00")!, end: TimeOfDay(parsing: "07:00")!,
                mode: night == .nightDim ? .dim : .off, brightness: nightBrightness)
        return LEDPolicy(
            kind: kind, barLines: barLines, pwm: pwm, brightness: pwm ? dayBrightness : 1, night: schedule,
            palette: .epa)
    }

    static func duties(_ policy: LEDPolicy, _ state: IndicatorState, at seconds: Double, night: Night) -> [Double] {
        let local = offset.localTime(at: night == .day ? noon : midnight)
        return policy.frame(for: state, elapsed: .microseconds(Int64((seconds * 1e6).rounded())), at: local).duties
    }

    /// The brightness scale in force (0 when night means off).
    static func scale(_ night: Night, pwm: Bool = true) -> Double {
        switch night {
        case .day: pwm ? dayBrightness : 1
        case .nightOff: 0
        case .nightDim: nightBrightness
        }
    }

    static func gamma(_ value: Double) -> Double { value <= 0 ? 0 : value >= 1 ? 1 : pow(value, 2.2) }

    static func expectClose(_ actual: [Double], _ expected: [Double], _ comment: String) {
        #expect(actual.count == expected.count, "\(comment)")
        for (a, e) in zip(actual, expected) {
            #expect(abs(a - e) < 1e-9, "\(comment): \(actual) != \(expected)")
        }
    }

    @Test("rgb with PWM", arguments: cases)
    func rgbPWM(_ level: AQILevel, _ health: ReadingHealth, _ night: Night) {
        let policy = Self.policy(.rgb, night: night)
        let state = IndicatorState(level: level, health: health)
        let s = Self.scale(night)
        let hex = Self.epaHex[level] ?? 0
        let color = [hex >> 16, (hex >> 8) & 0xFF, hex & 0xFF].map { Self.gamma(Double($0) / 255 * s) }
        let blue = [0, 0, Self.gamma(s)]
        let off = [0.0, 0, 0]
        for t in [0.0, 1.2, 2.45, 2.55, 2.95, 3.05] {
            let expected: [Double]
            switch health {
            case .ok: expected = color
            case .stale: expected = t.truncatingRemainder(dividingBy: 3) < 2.5 ? color : blue
            case .fault: expected = (Int(t * 8) % 2 == 0) ? blue : off
            }
            Self.expectClose(
                Self.duties(policy, state, at: t, night: night), expected, "\(level) \(health) \(night) t=\(t)")
        }
    }

    @Test("rgb without PWM: nearest on/off colour and blink code", arguments: cases.filter { $0.2 != .nightDim })
    func rgbOnOff(_ level: AQILevel, _ health: ReadingHealth, _ night: Night) {
        let policy = Self.policy(.rgb, pwm: false, night: night)
        let state = IndicatorState(level: level, health: health)
        let (onColor, gaps) = Self.onOff[level] ?? ([], 0)
        let visible = night == .day
        let off = [0.0, 0, 0]
        // Gaps are 0.25 s dark, 0.25 s lit, from the start of each 3 s cycle.
        for t in [0.1, 0.24, 0.26, 0.49, 0.51, 0.74, 0.76, 1.0, 2.45, 2.55, 2.95] {
            let inGap = t < 1 && Int(t / 0.25) % 2 == 0 && Int(t / 0.5) < gaps
            var expected: [Double]
            switch health {
            case .ok: expected = inGap ? off : onColor
            case .stale: expected = t >= 2.5 ? [0, 0, 1] : (inGap ? off : onColor)
            case .fault: expected = Int(t * 8) % 2 == 0 ? [0, 0, 1] : off
            }
            if !visible { expected = off }
            Self.expectClose(
                Self.duties(policy, state, at: t, night: night), expected, "\(level) \(health) \(night) t=\(t)")
        }
    }

    @Test("bar of 7", arguments: cases)
    func bar(_ level: AQILevel, _ health: ReadingHealth, _ night: Night) {
        let policy = Self.policy(.bar, night: night)
        let state = IndicatorState(level: level, health: health)
        let on = Self.gamma(Self.scale(night))
        func lit(_ count: Int) -> [Double] { (0..<7).map { $0 < count ? on : 0 } }
        let filled = level.ordinal + 1
        for t in [0.1, 0.24, 0.26, 0.95, 1.05, 1.95, 2.05] {
            let expected: [Double]
            switch health {
            case .ok: expected = lit(filled)
            case .stale: expected = Int(t) % 2 == 0 ? lit(filled) : lit(filled - 1)
            case .fault: expected = (0..<7).map { $0 % 2 == Int(t / 0.25) % 2 ? on : 0 }
            }
            Self.expectClose(
                Self.duties(policy, state, at: t, night: night), expected, "\(level) \(health) \(night) t=\(t)")
        }
    }

    @Test("single LED", arguments: cases)
    func single(_ level: AQILevel, _ health: ReadingHealth, _ night: Night) {
        let policy = Self.policy(.single, night: night)
        let state = IndicatorState(level: level, health: health)
        let on = Self.gamma(Self.scale(night))
        let period = Self.singlePeriod[level] ?? nil
        for fraction in [0.05, 0.1, 0.14, 0.17, 0.45, 0.55, 0.9] {
            let expected: Double
            let t: Double
            switch health {
            case .ok:
                t = fraction * (period ?? 1)
                expected = period == nil || fraction < 0.5 ? on : 0
            case .stale:
                // Short flashes: 15 % of the period (8 s for Excellent), at least 40 ms.
                let regional = period ?? 8
                t = fraction * regional
                expected = t < max(0.15 * regional, 0.04) ? on : 0
            case .fault:
                // Double flash every second: 0.1 on, 0.1 off, 0.1 on, 0.7 off.
                t = fraction
                expected = t < 0.1 || (t >= 0.2 && t < 0.3) ? on : 0
            }
            Self.expectClose(
                Self.duties(policy, state, at: t, night: night), [expected], "\(level) \(health) \(night) t=\(t)")
        }
    }

    @Test("a bar shorter than seven LEDs merges levels: ceil((ordinal + 1) × n / 7) lit")
    func shortBar() {
        let policy = LEDPolicy(kind: .bar, barLines: 3, pwm: false)
        let lit = AQILevel.allCases.map { level in
            policy.frame(for: .local(level), elapsed: .zero, at: nil).duties.filter { $0 == 1 }.count
        }
        #expect(lit == [1, 1, 2, 2, 3, 3, 3])
    }

    @Test("warming up and no data show no level, the same for every kind of night-free day")
    func statusPatterns() {
        let rgb = LEDPolicy(kind: .rgb, pwm: true)
        // Warming up breathes blue: dim at the start, full after 1 s.
        #expect(rgb.frame(for: .warmingUp, elapsed: .zero, at: nil).duties == [0, 0, Self.gamma(0.1)])
        #expect(rgb.frame(for: .warmingUp, elapsed: .seconds(1), at: nil).duties == [0, 0, 1])
        #expect(rgb.frame(for: .warmingUp, elapsed: .milliseconds(500), at: nil).hold == .continuous)
        // No data: a 0.1 s blue blip every 3 s.
        #expect(rgb.frame(for: .noData, elapsed: .milliseconds(50), at: nil).duties == [0, 0, 1])
        #expect(rgb.frame(for: .noData, elapsed: .milliseconds(150), at: nil).duties == [0, 0, 0])
        #expect(rgb.frame(for: .noData, elapsed: .milliseconds(3050), at: nil).duties == [0, 0, 1])
        let single = LEDPolicy(kind: .single)
        #expect(single.frame(for: .noData, elapsed: .milliseconds(50), at: nil).duties == [1])
        #expect(single.frame(for: .noData, elapsed: .milliseconds(150), at: nil).duties == [0])
        let bar = LEDPolicy(kind: .bar, barLines: 5)
        #expect(bar.frame(for: .noData, elapsed: .milliseconds(50), at: nil).duties == [1, 0, 0, 0, 0])
        #expect(bar.frame(for: .warmingUp, elapsed: .milliseconds(900), at: nil).duties == [0, 0, 0, 0, 1])
        #expect(bar.frame(for: .warmingUp, elapsed: .milliseconds(1100), at: nil).duties == [0, 0, 0, 1, 0])
    }

    @Test("the self-test sweep lights red, green, blue, then the seven level colours, then goes dark for good")
    func selfTest() {
        let rgb = LEDPolicy(kind: .rgb, pwm: false)
        let colors = (0..<10).map {
            rgb.frame(for: .selfTest, elapsed: .milliseconds(Int64($0) * 200 + 100), at: nil).duties
        }
        #expect(colors[0] == [1, 0, 0] && colors[1] == [0, 1, 0] && colors[2] == [0, 0, 1])
        #expect(colors[5] == [1, 1, 0])
        let after = rgb.frame(for: .selfTest, elapsed: .seconds(60), at: nil)
        #expect(after.duties == [0, 0, 0] && after.hold == .forever)
    }

    @Test("the night schedule ends a frame's hold at the next boundary")
    func holdEndsAtNight() {
        let policy = Self.policy(.rgb, night: .nightOff)
        // 21:59:30 local (UTC+1): 30 s before night.
        let local = LocalTime(date: Date(timeIntervalSince1970: 1_767_301_170), utcOffset: 3600)
        #expect(local.secondOfDay == 21 * 3600 + 59 * 60 + 30)
        let frame = policy.frame(for: .local(.good), elapsed: .zero, at: local)
        #expect(frame.hold == .duration(.seconds(30)))
        #expect(frame.duties != [0, 0, 0])
        let later = LocalTime(date: local.date.addingTimeInterval(30), utcOffset: 3600)
        #expect(policy.frame(for: .local(.good), elapsed: .seconds(30), at: later).duties == [0, 0, 0])
    }

    @Test("leds test ignores the night schedule (no local time)")
    func noLocalTimeIgnoresNight() {
        let policy = Self.policy(.single, night: .nightOff)
        #expect(
            policy.frame(for: .local(.excellent), elapsed: .zero, at: nil).duties == [Self.gamma(Self.dayBrightness)])
    }
}
