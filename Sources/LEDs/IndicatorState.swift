public import AirQuality

/// What the station's LEDs are asked to show: the station's display state, not line levels.
///
/// The station maps its sensor and Open-Meteo state to one of these; ``LEDPolicy`` maps it to what each line
/// does over time. A glance tells the three families apart: a steady level (local value), a level with a
/// marker (regional fallback), and a status pattern with no level (warming up, no data, fault).
public enum IndicatorState: Sendable, Hashable, CustomStringConvertible {
    /// The start-up sweep: every line and colour in turn, once, then dark.
    case selfTest
    /// The sensor is warming up; no value yet.
    case warmingUp
    /// A fresh value from the station's own sensor.
    case local(AQILevel)
    /// A fresh value from the station's own sensor on another index than the US AQI (`aqi.index`): RGB LEDs
    /// show `color`, the index's own colour for its level; bars and single LEDs show `level`, the US level of
    /// the same position on the scale (``IndexShade``).
    case localIndex(IndexShade)
    /// Open-Meteo's regional value, shown because the local sensor is stale or absent.
    case regional(AQILevel)
    /// Neither a local nor a regional value.
    case noData
    /// The sensor or the station is broken: nothing shown can be trusted.
    case fault

    /// The state for a level and a health, as `leds show --aqi N --health H` takes them: `ok` shows the local
    /// value, `stale` the regional fallback, `fault` the fault pattern (the level is then not shown).
    public init(level: AQILevel?, health: ReadingHealth) {
        switch (health, level) {
        case (.fault, _): self = .fault
        case (.ok, let level?): self = .local(level)
        case (.stale, let level?): self = .regional(level)
        case (_, nil): self = .noData
        }
    }

    /// The level shown, if any.
    public var level: AQILevel? {
        switch self {
        case .local(let level), .regional(let level): level
        case .localIndex(let shade): shade.level
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .selfTest: "self-test sweep"
        case .warmingUp: "warming up"
        case .local(let level): "\(level.text), local value"
        case .localIndex(let shade): "\(shade.name), local value"
        case .regional(let level): "\(level.text), regional fallback (Open-Meteo)"
        case .noData: "no data"
        case .fault: "fault"
        }
    }
}

/// The health of the reading behind a level, as the `leds show --health` option names it.
public enum ReadingHealth: String, Sendable, CaseIterable {
    /// The local sensor is fresh.
    case ok
    /// The local sensor is stale or absent; the value is Open-Meteo's.
    case stale
    /// The sensor is faulty.
    case fault
}
