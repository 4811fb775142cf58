/// What a driver reports as it runs.
public enum SensorEvent: Sendable, Hashable {
    /// A good sample for the pipeline.
    case sample(SensorSample)
    /// A reading that was not used: the sensor was warming up, or the plausibility rules refused it.
    case discarded(SensorSample, PlausibilityVerdict)
    /// The health changed.
    case health(SensorHealth)
    /// The driver's condition (what its health is computed from) or a counter changed: sent on the loop's next
    /// turn, and before the sample or health change that changed it. The latest one is all a consumer needs.
    case report(SensorReport)
}
