/// What a driver reports as it runs.
public enum SensorEvent: Sendable, Hashable {
    /// A good sample for the pipeline.
    case sample(SensorSample)
    /// A reading that was not used: the sensor was warming up, or the plausibility rules refused it.
    case discarded(SensorSample, PlausibilityVerdict)
    /// The health changed.
    case health(SensorHealth)
}
