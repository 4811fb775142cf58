public import AirQuality

/// The pattern an indicator state is shown with, by name: the LEDs module's own identity of it, which the
/// snapshot's `leds.pattern` (HTTP, MQTT, the status page) reports, so that a client is told what the LEDs
/// were made to show and not a second derivation of it. The names are a contract (docs/api.md).
public enum LEDPatternFamily: String, Sendable, CaseIterable {
    /// Dark: no LEDs, not running, or the night schedule.
    case off
    /// The start-up sweep.
    case selfTest = "self_test"
    /// Warming up: blue, breathing (without PWM blinking 1 s on, 1 s off).
    case breathing
    /// The local value's colour, steady (with its dark-gap code where the palette needs one).
    case solid
    /// The regional fallback: the level's colour with the blue marker.
    case marked
    /// No data: a short blue blip every 3 s.
    case blip
    /// Fault: blue, blinking fast.
    case fastBlink = "fast_blink"
}

extension IndicatorState {
    /// The family of the pattern this state is shown with, on every kind of LED.
    public var patternFamily: LEDPatternFamily {
        switch self {
        case .selfTest: .selfTest
        case .warmingUp: .breathing
        case .local, .localIndex: .solid
        case .regional: .marked
        case .noData: .blip
        case .fault: .fastBlink
        }
    }

    /// The colour this state is shown in on `palette`: the level's, another index's own, or the status blue of
    /// the status patterns; nil for the sweep, which shows every colour.
    public func color(on palette: LEDPalette) -> RGBColor? {
        switch self {
        case .selfTest: nil
        case .local(let level), .regional(let level): palette.color(for: level)
        case .localIndex(let shade): shade.color
        case .warmingUp, .noData, .fault: LEDPalette.status
        }
    }
}
