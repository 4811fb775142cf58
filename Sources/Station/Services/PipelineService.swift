public import Clocks
import FoundationEssentials
public import Lifecycle

/// Keeps the station's state current between samples: completes each minute when the clock passes it (a
/// silent sensor's last minute is stored too), and republishes at least every `interval` so ages, staleness
/// and the fallback stay true. With no sensor configured it also feeds the watchdog's heartbeat.
public struct PipelineService: Service {
    public let name = "pipeline"
    private let publisher: StationPublisher
    private let clock: any StationClock
    private let interval: Duration
    private let heartbeat: ProgressHeartbeat?
    private let beforeRefresh: @Sendable () -> Void

    /// A ticker republishing every `interval` and at every minute boundary; `beforeRefresh` runs first each
    /// time (the station copies its service group's restart counts into the pipeline there).
    public init(
        publisher: StationPublisher, clock: any StationClock, interval: Duration, heartbeat: ProgressHeartbeat?,
        beforeRefresh: @escaping @Sendable () -> Void = {}
    ) {
        self.publisher = publisher
        self.clock = clock
        self.interval = interval
        self.heartbeat = heartbeat
        self.beforeRefresh = beforeRefresh
    }

    public func run() async throws {
        while true {
            try Task.checkCancellation()
            beforeRefresh()
            publisher.refresh()
            let now = clock.now
            heartbeat?.beat(at: now)
            try await clock.sleep(until: Self.nextWake(after: now, interval: interval))
        }
    }

    /// The next minute boundary or `interval` from `now`, whichever comes first.
    static func nextWake(after now: Date, interval: Duration) -> Date {
        let seconds = now.timeIntervalSince1970
        let boundary = Date(timeIntervalSince1970: ((seconds / 60).rounded(.down) + 1) * 60)
        return min(boundary, now.adding(interval))
    }
}
