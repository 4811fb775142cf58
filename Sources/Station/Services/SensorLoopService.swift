public import AirQuality
public import Diagnostics
import FoundationEssentials
public import Lifecycle
public import Sensors
import Synchronization

/// The sensor loop: runs the driver (open, set up, sample, recover) and hands its events to the pipeline as
/// they come: samples, health changes and reports (condition and counters); the pipeline never reads the driver. The driver reports every turn of its loop, which feeds the watchdog's heartbeat: systemd's
/// watchdog then sees the loop's real progress. A failure to build the driver ends ``run()`` with the error
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
        let consumer = ConsumerProgress()
        // Only with a watchdog (or the debug hook) to feed: the reports cut the loop's waits into slices. The
        // beat also needs the pipeline to keep up: a driver turning while its samples are no longer taken in
        // (a hung publisher) is no progress, and systemd should restart the station.
        if heartbeat != nil || stall != nil {
            driver.reportProgress { [heartbeat, stall] time in
                if let stall { await stall.holdWhileStalled() }
                if consumer.isMoving() { heartbeat?.beat(at: time) }
            }
        }
        let feed = SensorFeed(model: driver.model, report: driver.report)
        switch channel {
        case .a: pipeline.attach(sensor: feed)
        case .b: pipeline.attach(sensorB: feed)
        }
        publisher.refresh()
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await driver.run() }
            for await event in driver.events {
                consumer.begin()
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
                consumer.end()
            }
            try await group.next()
        }
    }
}

/// Whether the sensor loop's consumer (the pipeline, fed one event at a time) keeps up, for the heartbeat.
final class ConsumerProgress: Sendable {
    private struct State {
        var busy = false
        var handled: UInt64 = 0
        /// `handled` when a check last found the consumer busy.
        var busyAt: UInt64?
    }

    private let state = Mutex(State())

    /// An event is being handled.
    func begin() { state.withLock { $0.busy = true } }

    /// The event is handled.
    func end() {
        state.withLock { state in
            state.busy = false
            state.handled &+= 1
        }
    }

    /// False when the consumer has been inside the same event since the previous check (the driver checks
    /// every few seconds; handling an event takes microseconds), else true.
    func isMoving() -> Bool {
        state.withLock { state in
            guard state.busy else {
                state.busyAt = nil
                return true
            }
            if state.busyAt == state.handled { return false }
            state.busyAt = state.handled
            return true
        }
    }
}
