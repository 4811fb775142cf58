public import Clocks
public import Diagnostics

#if canImport(Glibc)
    import Glibc
#endif

/// A debug hook that stalls the sensor loop while a file exists (`BREEZE_STATION_DEBUG_STALL_FILE`): the
/// loop stops turning, its heartbeat stops, and the watchdog stops pinging systemd, which then restarts the
/// station. It checks on a test bench, or on a real unit, that the watchdog is tied to the loop's progress.
public struct SensorLoopStall: Sendable {
    /// The environment variable naming the file.
    public static let environmentKey = "BREEZE_STATION_DEBUG_STALL_FILE"

    /// The file whose existence stalls the loop.
    public let path: String
    private let clock: any StationClock
    private let logger: Logger

    /// A hook on `path`.
    public init(path: String, clock: any StationClock, logger: Logger) {
        self.path = path
        self.clock = clock
        self.logger = logger
    }

    /// The hook `environment` asks for, if any.
    public static func from(environment: [String: String], clock: any StationClock, logger: Logger) -> SensorLoopStall? {
        guard let path = environment[environmentKey], !path.isEmpty else { return nil }
        logger.warning("debug hook: the sensor loop stalls while \(path) exists (\(environmentKey))")
        return SensorLoopStall(path: path, clock: clock, logger: logger)
    }

    /// Returns once the file is gone (checked every 100 ms), or when the task is cancelled.
    func holdWhileStalled() async {
        guard access(path, F_OK) == 0 else { return }
        logger.warning("sensor loop stalled by \(path) (debug hook)")
        while access(path, F_OK) == 0 {
            do {
                try await clock.sleep(for: .milliseconds(100))
            } catch {
                return
            }
        }
        logger.warning("sensor loop released by the debug hook")
    }
}
