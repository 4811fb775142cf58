public import AirQuality
public import LEDs
public import StationSnapshot

/// From the station's decision to the LEDs: the display state for the LED policy, and the `leds` block of
/// the snapshot (the colour and the pattern family an API client is told).
public enum IndicatorPresentation {
    /// The LEDs' state for a source decision: the level steady for the local value, with the marker for the
    /// regional fallback; without any value, the sensor's state (warming up, fault) or "no data".
    public static func indicator(
        selection: AQISelection, health: LocalSensorHealth, chosen: IndexValue? = nil
    ) -> IndicatorState {
        switch selection.source {
        case .local:
            // Another chosen index (`aqi.index`) shows in its own colours; the US AQI on the LED palette.
            if let chosen, chosen.index != .usEPA { return .localIndex(IndexShade(chosen)) }
            if let level = selection.level { return .local(level) }
        case .openMeteo:
            if let level = selection.level { return .regional(level) }
        case .none:
            break
        }
        switch health {
        case .warmingUp: return .warmingUp
        case .fault: return .fault
        case .ok, .stale, .absent: return .noData
        }
    }

    /// The `leds` block: the colour on the LEDs' palette (blue for status patterns) and the pattern family, as
    /// the LEDs module names them (``LEDs/LEDPatternFamily``);
    /// `off` with no colour when there are no LEDs, they are not running, or the night schedule darkens them
    /// at `localTime`.
    public static func status(
        _ state: IndicatorState, leds: LEDConfiguration?, running: Bool, localTime: LocalTime?
    ) -> LEDStatus {
        guard let leds, running else { return LEDStatus(color: nil, pattern: LEDPatternFamily.off.rawValue) }
        if leds.policy.brightness(at: localTime).value == 0 {
            return LEDStatus(color: nil, pattern: LEDPatternFamily.off.rawValue)
        }
        return LEDStatus(color: state.color(on: leds.palette), pattern: state.patternFamily.rawValue)
    }
}
