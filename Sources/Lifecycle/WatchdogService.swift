public import Clocks
public import Diagnostics
import FoundationEssentials

/// Pings the systemd watchdog (`WATCHDOG=1`) every third of `WatchdogSec` (so a late wake-up still keeps
/// within systemd's "at least every half"), but only while the sensor loop's heartbeat is fresh (younger than
/// `WatchdogSec`): the ping means "the station makes progress", not "a timer still fires".
public struct WatchdogService: Service {
    public let name = "watchdog"
    private let notifier: SystemdNotifier
    private let heartbeat: ProgressHeartbeat
    private let interval: Duration
    private let clock: any StationClock
    private let logger: Logger

    /// A watchdog for `interval` (the unit's `WatchdogSec`).
    public init(
        notifier: SystemdNotifier, heartbeat: ProgressHeartbeat, interval: Duration, clock: any StationClock,
        logger: Logger
    ) {
        self.notifier = notifier
        self.heartbeat = heartbeat
        self.interval = interval
        self.clock = clock
        self.logger = logger
    }

    public func run() async throws {
        var stalled = false
        while !Task.isCancelled {
            let now = clock.now
            if let beat = heartbeat.lastBeat, now.timeIntervalSince(beat) < interval.timeInterval {
                notifier.notify("WATCHDOG=1")
                if stalled {
                    logger.notice("sensor loop progresses again; watchdog pings resumed")
                    stalled = false
                }
            } else if !stalled {
                stalled = true
                logger.error("sensor loop made no progress for \(interval.components.seconds) s; withholding watchdog pings")
            }
            try await clock.sleep(for: interval / 3)
        }
    }
}
