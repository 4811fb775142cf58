public import AirQuality
public import Diagnostics
import FoundationEssentials
public import Lifecycle
public import Sensors

/// The sensor loop: runs the driver (open, set up, sample, recover) and hands its events to the pipeline as
/// they come, on the driver's own task (no task switch per sample): samples, health changes and reports
/// (condition and counters); the pipeline never reads the driver. The driver reports every turn of its loop,
/// which feeds the watchdog's heartbeat: systemd's watchdog then sees the loop's real progress. A failure to build the driver ends ``run()`` with the error
/// and the service group tries again with a backoff.
public struct SensorLoopService: Service {
    public let name: String
    /// Which of the station's sensors this loop reads: `a` (`sensor`) or `b` (`sensor_b`).
    private let channel: ChannelAgreement.Channel
    private let makeDriver: @Sendable () throws -> SensorDriver
    private let pipeline: StationPipeline
    private let publisher: StationPublisher
    private let heartbeat: ProgressHeartbeat?
    private let stall: SensorLoopStall?
    private let logger: Logger

    /// A loop over the drivers `makeDriver` builds (one per run).
    public init(
        makeDriver: @escaping @Sendable () throws -> SensorDriver, pipeline: StationPipeline,
        publisher: StationPublisher, heartbeat: ProgressHeartbeat?, stall: SensorLoopStall?, logger: Logger,
        channel: ChannelAgreement.Channel = .a
    ) {
        self.channel = channel
        name = channel == .a ? "sensor" : "sensor_b"
        self.makeDriver = makeDriver
        self.pipeline = pipeline
        self.publisher = publisher
        self.heartbeat = heartbeat
        self.stall = stall
        self.logger = logger
    }

    public func run() async throws {
        let driver = try makeDriver()
        // Only with a watchdog (or the debug hook) to feed: the reports cut the loop's waits into slices. The
        // events are handled on the driver's own task, so a pipeline that stops taking them in (a hung
        // publisher) stops the loop and its beats too, and systemd restarts the station.
        if heartbeat != nil || stall != nil {
            driver.reportProgress { [heartbeat, stall] time in
                if let stall { await stall.holdWhileStalled() }
                heartbeat?.beat(at: time)
            }
        }
        let feed = SensorFeed(model: driver.model, report: driver.report)
        switch channel {
        case .a: pipeline.attach(sensor: feed)
        case .b: pipeline.attach(sensorB: feed)
        }
        publisher.refresh()
        driver.deliverEvents { [channel, pipeline, publisher] event in
            switch event {
            case .sample(let sample): publisher.record(sample, channel: channel)
            case .health(let health):
                if SnapshotAssembly.localHealth(health, configured: true).needsFallback {
                    switch channel {
                    case .a: pipeline.sensorInterrupted(at: health.since)
                    case .b: pipeline.sensorBInterrupted(at: health.since)
                    }
                }
                publisher.refresh()
            // Taken in, shown by the next refresh (a sample, a health change or the station's tick).
            case .report(let report): pipeline.record(report, channel: channel)
            case .discarded: break
            }
        }
        try await driver.run()
    }
}
