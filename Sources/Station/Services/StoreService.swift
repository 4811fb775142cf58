public import AirQuality
import CheckedConversions
public import Clocks
public import Diagnostics
public import FoundationEssentials
public import Lifecycle
import LinuxIO
public import Storage
import Synchronization

/// Writes the station's minute aggregates to the history database: one transaction per batch (normally one
/// minute), the retention purge once a day, all on a dedicated thread (SQLite blocks on the SD card; the
/// Swift cooperative pool never does).
///
/// A full disk, a read-only or missing directory do not stop the station: the minutes wait in memory (up to
/// ``maximumPending``), the failure is logged at most once a minute and counted (``status``), and the write
/// is retried with the next minute or after a minute. The database is opened again when it could not be.
///
/// Before each write the service checks that the open file is still the one at ``path``: a state directory
/// removed under the running station (`rm -rf`) would otherwise take every later minute into an unlinked file,
/// lost at exit, with `breeze_store_up` still 1. Then it logs, counts (`breeze_store_files_lost_total`),
/// reopens at the path and writes there the minutes the lost file took since the last check.
public final class StoreService: Service {
    public let name = "store"
    /// Minutes kept in memory while the database cannot be written (a day at one sample a minute or faster).
    public static let maximumPending = 1440
    /// How long a failed write waits before it is tried again without a new minute.
    public static let retryInterval: Duration = .seconds(60)
    /// Time between retention purges.
    public static let purgeInterval: Duration = .seconds(86_400)
    /// How long after start the first purge waits: a board without an RTC may run on a wrong clock until NTP
    /// answers, and a clock ahead would purge too much.
    public static let firstPurgeDelay: Duration = .seconds(3600)

    /// The database file.
    public let path: String
    /// Days of minute rows kept.
    public let retentionDays: Int
    /// The upload services whose outbox gets every minute written (openSenseMap when enabled), in the same
    /// transaction as the minute.
    public let outboxes: [String]
    private let clock: any StationClock
    let logger: Logger
    let worker = WorkerThread(name: "store")
    let wake = WakeSignal()
    private let onStatus: @Sendable (StoreStatus) -> Void
    private let onCommit: @Sendable ([MinuteAggregate]) -> Void
    private let closingMinutes: (@Sendable () -> (channelA: [MinuteAggregate], channelB: [MinuteAggregate]))?
    let state = Mutex(State())

    struct State {
        var store: HistoryStore?
        var pending: [MinuteAggregate] = []
        var status = StoreStatus()
        var lastPurge: Date?
        var closed = false
        /// The newest minute the database held when it was first opened: no minute at or before it is
        /// written (see ``StoreStatus/minutesBehindHistory``).
        var newestAtStart: Int64?
        var openedOnce = false
        /// The minutes of the last write, not yet known to be in the file at ``path`` (the next write checks).
        var unconfirmed: [MinuteAggregate] = []
        /// Channel B's minutes (`sensor_b`) waiting for their transaction (StoreService+ChannelB.swift).
        var pendingB: [MinuteAggregate] = []
    }

    /// A store writer for the database at `path`.
    /// - Parameters:
    ///   - onStatus: called with the status after each write attempt (the pipeline shows it in `/metrics`).
    ///   - onCommit: called with the minutes of each committed transaction (the crash-safety test uses it).
    ///   - outboxes: the upload services whose outbox gets every minute written.
    ///   - closingMinutes: when given, ``run()`` ends by closing the database (``close(flushing:channelB:)``)
    ///     with the minutes it returns (the pipeline's minute being collected, of channel A and B): the store's
    ///     turn in the service group's reverse-order shutdown, after the loops that feed it have stopped.
    public init(
        path: String, retentionDays: Int, clock: any StationClock, logger: Logger, outboxes: [String] = [],
        onStatus: @escaping @Sendable (StoreStatus) -> Void = { _ in },
        onCommit: @escaping @Sendable ([MinuteAggregate]) -> Void = { _ in },
        closingMinutes: (@Sendable () -> (channelA: [MinuteAggregate], channelB: [MinuteAggregate]))? = nil
    ) {
        self.closingMinutes = closingMinutes
        self.path = path
        self.retentionDays = retentionDays
        self.outboxes = outboxes
        self.clock = clock
        self.logger = logger
        self.onStatus = onStatus
        self.onCommit = onCommit
    }

    /// The status now.
    public var status: StoreStatus { state.withLock { $0.status } }

    /// The open database, for reading (`/api/v1/history`); nil while it cannot be opened.
    public var database: HistoryStore? { state.withLock { $0.store } }

    /// Queues minutes for the next transaction. Never blocks.
    public func enqueue(_ minutes: [MinuteAggregate]) {
        guard !minutes.isEmpty else { return }
        state.withLock { state in
            state.pending += minutes
            let excess = state.pending.count - Self.maximumPending
            if excess > 0 {
                state.pending.removeFirst(excess)
                state.status.droppedMinutes += excess
            }
            state.status.pendingMinutes = state.pending.count
        }
        wake.signal()
    }

    /// Opens the database (creating its directory) and reads what the AQI windows need at `now`: the minutes of
    /// the last two hours and the hours of the last day. A failure is logged and counted; ``run()`` retries.
    public func open(now: Date) async -> (minutes: [MinuteAggregate], hours: [HourlyAggregate]) {
        let minute = MinuteAggregate.minute(containing: now.timeIntervalSince1970)
        let hour = Int64(flooringTime: now.timeIntervalSince1970 / 3600)
        let path = self.path
        typealias Opened = (HistoryStore, [MinuteAggregate], [HourlyAggregate], Int64?)
        let result = await worker.run { () -> Result<Opened, SQLiteError> in
            Result { () throws(SQLiteError) -> Opened in
                try Self.createDirectory(of: path)
                let store = try HistoryStore(path: path)
                let minutes = try store.minutes(
                    from: minute - AirQualityWindows.minuteHorizon, to: minute + 1)
                let hours = try store.hours(from: hour - AirQualityWindows.hourHorizon, to: hour + 1)
                return (store, minutes, hours, try store.newestMinute())
            }
        }
        switch result {
        case .success(let (store, minutes, hours, newest)):
            let opened = state.withLock { state -> (StoreStatus, Bool)? in
                guard !state.closed else { return nil }
                let recovered = !state.status.isHealthy
                if !state.openedOnce {
                    state.openedOnce = true
                    state.newestAtStart = newest
                    state.lastPurge = now.adding(Self.firstPurgeDelay - Self.purgeInterval)
                }
                state.store = store
                state.status.isHealthy = true
                state.status.lastError = nil
                return (state.status, recovered)
            }
            guard let (status, recovered) = opened else {
                await worker.run { store.close() }
                return ([], [])
            }
            if recovered { logger.notice("history database \(path) can be opened and written again") }
            if let newest, newest > minute {
                logger.warning(
                    "the system clock (\(now.ISO8601Format())) is behind the history, whose newest minute is "
                        + "\(Date(timeIntervalSince1970: Double(newest) * 60).ISO8601Format()): minutes up to it "
                        + "are not stored, so no stored minute is replaced (no RTC and no NTP yet?)")
            }
            onStatus(status)
            logger.info("history in \(path): \(minutes.count) recent minutes and \(hours.count) hours restored")
            return (minutes, hours)
        case .failure(let error):
            recordFailure("cannot open the history database \(path): \(error)")
            return ([], [])
        }
    }

    /// Writes queued minutes as they come, retries failures every minute, purges old minutes once a day; when
    /// cancelled, closes the database if the store was made with `closingMinutes`.
    public func run() async throws {
        while !Task.isCancelled {
            let (hasPending, failing) = state.withLock { ($0.pending.isEmpty == false, $0.status.isHealthy == false) }
            let deadline = hasPending && failing ? clock.now.adding(Self.retryInterval) : nil
            await wake.wait(until: deadline, clock: clock)
            if Task.isCancelled { break }
            await writePending()
            await writePendingB()
            await purgeIfDue()
        }
        if let closingMinutes {
            let last = closingMinutes()
            await close(flushing: last.channelA, channelB: last.channelB)
        }
        throw CancellationError()
    }

    /// At shutdown: writes `minutes` and whatever is queued in one last transaction, then checkpoints and
    /// closes the database.
    public func close(flushing minutes: [MinuteAggregate], channelB: [MinuteAggregate] = []) async {
        enqueue(minutes)
        enqueueB(channelB)
        await writePending()
        await writePendingB()
        let store = state.withLock { state -> HistoryStore? in
            state.closed = true
            defer { state.store = nil }
            return state.store
        }
        if let store {
            await worker.run { store.close() }
            logger.info("history database closed")
        }
    }

    /// One transaction with every queued minute; on failure they stay queued.
    func writePending() async {
        if state.withLock({ $0.store == nil && !$0.closed && !$0.pending.isEmpty }) {
            _ = await open(now: clock.now)
        }
        let batch: (HistoryStore, [MinuteAggregate])? = state.withLock { state in
            if let floor = state.newestAtStart {
                let behind = state.pending.count { $0.minute <= floor }
                if behind > 0 {
                    state.pending.removeAll { $0.minute <= floor }
                    state.status.minutesBehindHistory += behind
                    state.status.pendingMinutes = state.pending.count
                }
            }
            guard let store = state.store, !state.pending.isEmpty else { return nil }
            return (store, state.pending)
        }
        guard var checked = batch else { return }
        if await fileHasMoved(checked.0) {
            guard let reopened = await reopenLost(checked.0) else { return }
            checked = reopened
        }
        let (store, minutes) = checked
        let outboxes = self.outboxes
        let result = await worker.run { () -> Result<Void, SQLiteError> in
            Result { () throws(SQLiteError) in try store.append(minutes, outboxes: outboxes) }
        }
        switch result {
        case .success:
            let (status, recovered) = state.withLock { state -> (StoreStatus, Bool) in
                let written = Set(minutes.map(\.minute))
                state.pending.removeAll { written.contains($0.minute) }
                // Checked just before this write: these are the only minutes that may have gone to a file
                // deleted since, and are written again should the next check find it gone.
                state.unconfirmed = minutes
                let recovered = !state.status.isHealthy
                state.status.isHealthy = true
                state.status.lastError = nil
                state.status.minutesWritten += minutes.count
                state.status.pendingMinutes = state.pending.count
                return (state.status, recovered)
            }
            if recovered { logger.notice("history database writable again; \(minutes.count) queued minutes written") }
            onCommit(minutes)
            onStatus(status)
        case .failure(let error):
            recordFailure("cannot write \(minutes.count) minutes to \(path): \(error); keeping them in memory")
        }
    }

    /// Whether `store`'s file is no longer at ``path`` (one `stat`, before each write).
    private func fileHasMoved(_ store: HistoryStore) async -> Bool {
        await worker.run { (try? store.fileHasMoved()) ?? false }
    }

    /// The database file was deleted (`rm -rf` of the state directory) or replaced under the open connection:
    /// logs and counts it, closes the lost file, puts the minutes of the last write back in the queue (they
    /// went to the lost file) and opens the database at ``path`` again (creating the directory; when that is
    /// not allowed the store is reported down and retried like any failed open). Returns the store and the
    /// batch to write, or nil when the database cannot be opened now.
    private func reopenLost(_ lost: HistoryStore) async -> (HistoryStore, [MinuteAggregate])? {
        let (requeued, queued) = state.withLock { state -> (Int, Int) in
            if state.store === lost { state.store = nil }
            let requeued = state.unconfirmed.count
            state.pending = state.unconfirmed + state.pending
            state.unconfirmed = []
            state.status.filesLost += 1
            state.status.pendingMinutes = state.pending.count
            return (requeued, state.pending.count)
        }
        await worker.run { lost.close() }
        logger.error(
            "the history database \(path) was deleted or replaced while open (its file is no longer at that path): "
                + "opening it there again and writing the \(queued) minutes not in it (\(requeued) of them written "
                + "to the lost file); the history before is gone unless the file is restored")
        _ = await open(now: clock.now)
        return state.withLock { state in
            guard let store = state.store, !state.pending.isEmpty else { return nil }
            return (store, state.pending)
        }
    }

    private func recordFailure(_ message: String) {
        let status = state.withLock { state -> StoreStatus in
            state.status.isHealthy = false
            state.status.writeFailures += 1
            state.status.lastError = message
            return state.status
        }
        logger.log(.error, every: .seconds(60), key: "store-failure", message)
        onStatus(status)
    }

    /// Deletes minute rows older than the retention, at most once a day (hourly rows stay).
    private func purgeIfDue() async {
        let now = clock.now
        let due: HistoryStore? = state.withLock { state in
            guard let store = state.store else { return nil }
            if let last = state.lastPurge, now.timeIntervalSince(last) < Self.purgeInterval.timeInterval { return nil }
            state.lastPurge = now
            return store
        }
        guard let store = due else { return }
        let before = MinuteAggregate.minute(containing: now.timeIntervalSince1970) - Int64(retentionDays) * 1440
        let result = await worker.run { () -> Result<Int, SQLiteError> in
            Result { () throws(SQLiteError) -> Int in try store.purgeMinutes(before: before) }
        }
        switch result {
        case .success(let deleted):
            if deleted > 0 {
                state.withLock { $0.status.purgedMinutes += deleted }
                logger.info("deleted \(deleted) minute rows older than \(retentionDays) days")
            }
        case .failure(let error):
            logger.log(.warning, every: .seconds(3600), key: "store-purge", "retention purge failed: \(error)")
        }
    }

    /// Creates the database's directory when missing (`mkdir -p`).
    private static func createDirectory(of path: String) throws(SQLiteError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let directory = String(path[..<slash])
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw SQLiteError(code: 14, operation: "create \(directory)", message: "\(error)")
        }
    }
}

extension StoreService {
    /// The stored series for `/api/v1/history` (blocking: called on an HTTP server thread, one indexed read).
    ///
    /// - Throws: ``Storage/SQLiteError`` when the database is not open or cannot be read.
    func series(
        from: Int64, to: Int64, resolution name: String, limit: Int, channel: HistoryChannel = .a
    ) throws(SQLiteError) -> [HistoryPoint] {
        guard let store = database else {
            throw SQLiteError(
                code: 14, operation: "read \(path)", message: status.lastError ?? "the history database is not open")
        }
        guard let resolution = HistoryResolution(rawValue: name) else {
            throw SQLiteError(code: 1, operation: "read \(path)", message: "unknown resolution \(name)")
        }
        return try store.series(from: from, to: to, resolution: resolution, limit: limit, channel: channel)
    }
}
