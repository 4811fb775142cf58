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

    /// The `leds` block: the colour on the LEDs' palette (blue for status patterns) and the pattern family;
    /// `off` with no colour when there are no LEDs, they are not running, or the night schedule darkens them
    /// at `localTime`.
    public static func status(
        _ state: IndicatorState, leds: LEDConfiguration?, running: Bool, localTime: LocalTime?
    ) -> LEDStatus {
        guard let leds, running else { return LEDStatus(color: nil, pattern: "off") }
        if leds.policy.brightness(at: localTime).value == 0 { return LEDStatus(color: nil, pattern: "off") }
        switch state {
        case .selfTest: return LEDStatus(color: nil, pattern: "self_test")
        case .warmingUp: return LEDStatus(color: LEDPalette.status, pattern: "breathing")
        case .local(let level): return LEDStatus(color: leds.palette.color(for: level), pattern: "solid")
        case .localIndex(let shade): return LEDStatus(color: shade.color, pattern: "solid")
        case .regional(let level): return LEDStatus(color: leds.palette.color(for: level), pattern: "marked")
        case .noData: return LEDStatus(color: LEDPalette.status, pattern: "blip")
        case .fault: return LEDStatus(color: LEDPalette.status, pattern: "fast_blink")
        }
    }
}
