public import AirQuality
public import LEDs
public import StationSnapshot

/// What the pipeline hands its consumers at one moment: the snapshot (HTTP, MQTT), the LEDs' state, the minutes
/// completed since the last refresh (the store), and the local indices and source decision behind them (for
/// logs and tests).
public struct StationOutput: Sendable {
    /// The station's state, for the endpoint and every other consumer.
    public var snapshot: StationSnapshot
    /// What the LEDs show.
    public var indicator: IndicatorState
    /// The station's own indices.
    public var local: LocalAirQuality
    /// Where the reported AQI comes from, and why.
    public var selection: AQISelection
    /// The minutes of channel A (`sensor`) that this refresh completed, for the store.
    public var completedMinutes: [MinuteAggregate] = []
    /// The minutes of channel B (`sensor_b`) that this refresh completed.
    public var completedMinutesB: [MinuteAggregate] = []
}
