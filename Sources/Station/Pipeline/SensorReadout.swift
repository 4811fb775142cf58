public import Sensors

/// What the pipeline reads from the sensor driver at any time, without waiting (Zephyr's fetch/get split: the
/// driver fetches on its own task, everyone else reads). ``Sensors/SensorDriver`` is one; tests may give
/// another.
public protocol SensorReadout: Sendable {
    /// The sensor.
    var model: SensorModel { get }
    /// The health now (`stale` is computed when asked).
    var health: SensorHealth { get }
    /// The counters so far.
    var statistics: SensorStatistics { get }
    /// The last good sample.
    var latestSample: SensorSample? { get }
}

extension SensorDriver: SensorReadout {}
