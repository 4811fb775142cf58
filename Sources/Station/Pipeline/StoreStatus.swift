import FoundationEssentials

/// How the history store is doing, for `/metrics` and the log.
public struct StoreStatus: Sendable, Hashable {
    /// Whether the last write (or the opening) succeeded.
    public var isHealthy: Bool
    /// Minutes written since start.
    public var minutesWritten: Int
    /// Transactions that failed since start (a full disk, a read-only directory, ...).
    public var writeFailures: Int
    /// Minutes waiting in memory to be written.
    public var pendingMinutes: Int
    /// Minutes dropped because the memory queue was full (the store failed for more than a day).
    public var droppedMinutes: Int
    /// Minutes not stored because they are not newer than the newest minute the database held at start: the
    /// system clock is behind the history (a board without an RTC before NTP, offline), and writing them would
    /// replace real rows.
    public var minutesBehindHistory: Int = 0
    /// Times the database file was found deleted or replaced under the open connection (and opened again at
    /// its path).
    public var filesLost: Int = 0
    /// The last error, while failing.
    public var lastError: String?
    /// Minute rows deleted by the retention purge since start.
    public var purgedMinutes: Int

    /// A healthy store with nothing written yet.
    public init(
        isHealthy: Bool = true, minutesWritten: Int = 0, writeFailures: Int = 0, pendingMinutes: Int = 0,
        droppedMinutes: Int = 0, lastError: String? = nil, purgedMinutes: Int = 0
    ) {
        self.isHealthy = isHealthy
        self.minutesWritten = minutesWritten
        self.writeFailures = writeFailures
        self.pendingMinutes = pendingMinutes
        self.droppedMinutes = droppedMinutes
        self.lastError = lastError
        self.purgedMinutes = purgedMinutes
    }
}
