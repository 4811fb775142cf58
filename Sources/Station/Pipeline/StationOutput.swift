public import AirQuality
public import LEDs
public import StationSnapshot

/// What the pipeline hands its consumers at one moment: the snapshot (HTTP, MQTT), the LEDs' state, and the
/// local indices and source decision behind them (for logs and tests).
public struct StationOutput: Sendable {
    /// The station's state, for the endpoint and every other consumer.
    public var snapshot: StationSnapshot
    /// What the LEDs show.
    public var indicator: IndicatorState
    /// The station's own indices.
    public var local: LocalAirQuality
    /// Where the reported AQI comes from, and why.
    public var selection: AQISelection
}
