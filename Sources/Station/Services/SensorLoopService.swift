public import Diagnostics
import FoundationEssentials
public import Lifecycle
public import Sensors

/// The sensor loop: runs the driver (open, set up, sample, recover) and hands its samples to the pipeline as
/// they come. The driver reports every turn of its loop, which feeds the watchdog's heartbeat: systemd's
/// watchdog then sees the loop's real progress. A failure to build the driver ends ``run()`` with the error
/// and the service group tries again with a backoff.
public struct SensorLoopService: Service {
    public let name = "sensor"
    private let makeDriver: @Sendable () throws -> SensorDriver
    private let pipeline: StationPipeline
    private let publisher: StationPublisher
    private let heartbeat: ProgressHeartbeat?
    private let stall: SensorLoopStall?
    private let logger: Logger

    /// A loop over the drivers `makeDriver` builds (one per run).
    public init(
        makeDriver: @escaping @Sendable () throws -> SensorDriver, pipeline: StationPipeline,
        publisher: StationPublisher, heartbeat: ProgressHeartbeat?, stall: SensorLoopStall?, logger: Logger
    ) {
        self.makeDriver = makeDriver
        self.pipeline = pipeline
        self.publisher = publisher
        self.heartbeat = heartbeat
        self.stall = stall
        self.logger = logger
    }

    public func run() async throws {
        let driver = try makeDriver()
        // Only with a watchdog (or the debug hook) to feed: the reports cut the loop's waits into slices.
        if heartbeat != nil || stall != nil {
            driver.reportProgress { [heartbeat, stall] time in
                if let stall { await stall.holdWhileStalled() }
                heartbeat?.beat(at: time)
            }
        }
        pipeline.attach(sensor: driver)
        publisher.refresh()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await driver.run() }
            for await event in driver.events {
                switch event {
                case .sample(let sample): publisher.record(sample)
                case .health: publisher.refresh()
                case .discarded: break
                }
            }
            try await group.next()
        }
    }
}
