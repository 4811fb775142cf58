public import FoundationEssentials
public import Sensors

/// What the pipeline holds of one running sensor, all of it from the driver's events: the model, the latest
/// ``Sensors/SensorReport`` (the condition the health is computed from, and the counters) and the latest good
/// sample. The pipeline never reads the driver: the health at any moment is ``health(at:)``, computed from the
/// report as the driver computes its own.
public struct SensorFeed: Sendable {
    /// The sensor.
    public var model: SensorModel
    /// The latest report.
    public var report: SensorReport
    /// The latest good sample; nil before the first.
    public var latestSample: SensorSample?

    /// A feed starting from the driver's report at start (``Sensors/SensorDriver/report``).
    public init(model: SensorModel, report: SensorReport, latestSample: SensorSample? = nil) {
        self.model = model
        self.report = report
        self.latestSample = latestSample
    }

    /// The health at `now`, staleness included.
    public func health(at now: Date) -> SensorHealth { report.health(at: now) }

    /// The counters so far.
    public var statistics: SensorStatistics { report.statistics }
}
