public import JSON

/// What a driver has done since it started. Counters only grow.
public struct SensorStatistics: Sendable, Hashable {
    /// Everything the decoders saw (all sessions together).
    public var decoder = DecoderStatistics()
    /// Good samples published.
    public var samples = 0
    /// Readings discarded because the sensor was warming up.
    public var discardedWarmingUp = 0
    /// Readings discarded by the plausibility rules.
    public var discardedImplausible = 0
    /// Attempts that got no reading in time.
    public var timeouts = 0
    /// Transport errors (I/O errors, NACKs after retries, hang-ups).
    public var transportErrors = 0
    /// Times the device was reopened after it disconnected.
    public var reconnects = 0
    /// Failed attempts to open the device.
    public var openFailures = 0
    /// Recovery steps taken, by step.
    public var recoverySteps: [RecoveryStep: Int] = [:]
    /// Times the sensor was put to sleep (duty cycling).
    public var sleeps = 0
    /// Times the sensor was woken.
    public var wakes = 0

    /// All zero.
    public init() {}

    /// How many times `step` was taken.
    public func count(_ step: RecoveryStep) -> Int { recoverySteps[step] ?? 0 }

    /// The counters as JSON, snake_case keys.
    public var json: JSONValue {
        [
            "samples": JSONValue(samples),
            "discarded_warming_up": JSONValue(discardedWarmingUp),
            "discarded_implausible": JSONValue(discardedImplausible),
            "timeouts": JSONValue(timeouts),
            "transport_errors": JSONValue(transportErrors),
            "reconnects": JSONValue(reconnects),
            "open_failures": JSONValue(openFailures),
            "sleeps": JSONValue(sleeps),
            "wakes": JSONValue(wakes),
            "recovery": .object(RecoveryStep.allCases.map { (key: $0.rawValue, value: JSONValue(count($0))) }),
            "decoder": decoder.json,
        ]
    }
}
