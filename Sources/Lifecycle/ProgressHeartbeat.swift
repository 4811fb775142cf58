public import FoundationEssentials
import Synchronization

/// The sensor loop's proof of life: it beats on every turn (a frame, a timeout, a reconnect attempt), and
/// the watchdog pings systemd only while the beats keep coming. A loop that deadlocks stops the pings, and
/// systemd restarts the station.
public final class ProgressHeartbeat: Sendable {
    private let last = Mutex<Date?>(nil)

    /// A heartbeat that has not beaten yet.
    public init() {}

    /// Records progress at `time`.
    public func beat(at time: Date) {
        last.withLock { $0 = time }
    }

    /// When progress was last recorded.
    public var lastBeat: Date? { last.withLock { $0 } }
}
