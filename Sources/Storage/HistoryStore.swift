public import AirQuality
import Synchronization

/// The station's history in SQLite: minute aggregates (kept `retention_days`) and hourly means (kept for
/// good), so a restart rebuilds the NowCast and 24-hour windows and `/api/v1/history` can answer.
///
/// Written for an SD card: WAL with `synchronous=NORMAL` (an application crash never loses a committed
/// minute; a power cut may lose the last commits but never corrupts), and one transaction per minute of data,
/// which writes about 100× less to flash than one commit per reading.
///
/// The calls block on disk I/O: run writes from a dedicated thread or queue, never on the Swift cooperative
/// pool. Queries use their own connection, so readers never wait for the writer.
public final class HistoryStore: Sendable {
    /// The database file.
    public let path: String
    private let writer: Mutex<SQLiteDatabase?>
    private let reader: Mutex<SQLiteDatabase?>

    /// Opens (creating if needed) the database at `path`.
    ///
    /// - Throws: ``SQLiteError`` when the file cannot be opened or set up (missing or read-only directory,
    ///   a file that is not a database).
    public init(path: String) throws(SQLiteError) {
        self.path = path
        let database = try SQLiteDatabase(path: path)
        if try database.scalarInt("PRAGMA page_count") == 0 {
            // Only an empty file can take auto_vacuum; switching to WAL already writes the header.
            try database.execute("PRAGMA auto_vacuum = INCREMENTAL")
        }
        try database.execute(HistorySchema.connectionPragmas)
        let version = try database.scalarInt("PRAGMA user_version") ?? 0
        if version == 0 {
            try database.execute(HistorySchema.creation)
            try database.execute("PRAGMA user_version = \(HistorySchema.version)")
        } else if version < HistorySchema.version {
            try Self.migrate(database, from: version)
        }
        writer = Mutex(database)
        reader = Mutex(nil)
    }

    /// Writes `minutes` and refreshes the hours they belong to, in one transaction, which also puts each minute
    /// in the outbox of every service in `outboxes` (so a minute is in the history and waiting for the upload,
    /// or neither, whatever stops the process).
    public func append(_ minutes: [MinuteAggregate], outboxes: [String] = []) throws(SQLiteError) {
        guard !minutes.isEmpty else { return }
        try withWriter { database throws(SQLiteError) in
            do {
                try database.transaction {
                    let insert = try database.prepare(HistorySchema.insertMinute)
                    for minute in minutes {
                        try Self.bind(minute, to: insert)
                        try insert.run()
                    }
                    let refresh = try database.prepare(HistorySchema.refreshHour)
                    for hour in Set(minutes.map(\.hour)) {
                        try refresh.bind(1, hour)
                        try refresh.run()
                    }
                    if !outboxes.isEmpty {
                        let queue = try database.prepare(HistorySchema.insertOutbox)
                        for service in outboxes {
                            for minute in minutes {
                                try queue.bind(1, service)
                                try queue.bind(2, minute.minute)
                                try queue.run()
                            }
                        }
                    }
                }
            } catch let error as SQLiteError {
                throw error
            } catch {
                throw SQLiteError(code: 1, operation: "append minutes", message: "\(error)")
            }
        }
    }

    /// Minute aggregates with `from <= minute < to` (whole minutes since 1970), oldest first, at most `limit`.
    public func minutes(from: Int64, to: Int64, limit: Int = 100_000) throws(SQLiteError) -> [MinuteAggregate] {
        try withReader { database throws(SQLiteError) in
            let statement = try database.prepare(HistorySchema.selectMinutes)
            try statement.bind(1, from)
            try statement.bind(2, to)
            try statement.bind(3, Int64(limit))
            var result: [MinuteAggregate] = []
            while try statement.step() {
                result.append(Self.minute(from: statement))
            }
            return result
        }
    }

    /// Hourly aggregates with `from <= hour < to` (whole hours since 1970), oldest first, at most `limit`.
    public func hours(from: Int64, to: Int64, limit: Int = 100_000) throws(SQLiteError) -> [HourlyAggregate] {
        try withReader { database throws(SQLiteError) in
            let statement = try database.prepare(HistorySchema.selectHours)
            try statement.bind(1, from)
            try statement.bind(2, to)
            try statement.bind(3, Int64(limit))
            var result: [HourlyAggregate] = []
            while try statement.step() {
                result.append(
                    HourlyAggregate(
                        hour: statement.int64(0), minutes: Int(statement.int64(1)),
                        pm1: HistorySchema.decode(statement.optionalInt64(2)),
                        pm25: HistorySchema.decode(statement.optionalInt64(3)),
                        pm10: HistorySchema.decode(statement.optionalInt64(4)),
                        pm25CF1: HistorySchema.decode(statement.optionalInt64(5)),
                        temperature: HistorySchema.decode(statement.optionalInt64(6)),
                        humidity: HistorySchema.decode(statement.optionalInt64(7)),
                        pm25Corrected: HistorySchema.decode(statement.optionalInt64(8))))
            }
            return result
        }
    }

    /// A series between `from` and `to` (seconds since 1970, `from` inclusive, `to` exclusive) at
    /// `resolution`, oldest first, at most `limit` points.
    public func series(
        from: Int64, to: Int64, resolution: HistoryResolution, limit: Int
    ) throws(SQLiteError) -> [HistoryPoint] {
        switch resolution {
        case .minute:
            return try minutes(from: Self.floorDivide(from, 60), to: Self.ceilDivide(to, 60), limit: limit).map {
                HistoryPoint(
                    time: $0.minute * 60, count: $0.count, pm1: $0.pm1?.mean, pm25: $0.pm25?.mean,
                    pm10: $0.pm10?.mean, pm25Minimum: $0.pm25?.minimum, pm25Maximum: $0.pm25?.maximum,
                    temperature: $0.temperature, humidity: $0.humidity, pm25CF1: $0.pm25CF1,
                    pm25Corrected: $0.pm25Corrected)
            }
        case .hour:
            return try hours(from: Self.floorDivide(from, 3600), to: Self.ceilDivide(to, 3600), limit: limit).map {
                HistoryPoint(
                    time: $0.hour * 3600, count: $0.minutes, pm1: $0.pm1, pm25: $0.pm25, pm10: $0.pm10,
                    temperature: $0.temperature, humidity: $0.humidity, pm25CF1: $0.pm25CF1,
                    pm25Corrected: $0.pm25Corrected)
            }
        case .day:
            let firstDay = Self.floorDivide(from, 86_400)
            let lastDay = Self.ceilDivide(to, 86_400)
            let hours = try hours(from: firstDay * 24, to: lastDay * 24, limit: Int(lastDay - firstDay) * 24 + 24)
            var points: [HistoryPoint] = []
            for (day, group) in Dictionary(grouping: hours, by: { Self.floorDivide($0.hour, 24) }).sorted(by: { $0.key < $1.key }) {
                var channels = ChannelAccumulator()
                for hour in group {
                    channels.add(
                        pm1: hour.pm1, pm25: hour.pm25, pm10: hour.pm10, pm25CF1: hour.pm25CF1,
                        temperature: hour.temperature, humidity: hour.humidity, pm25Corrected: hour.pm25Corrected)
                }
                let pm25 = channels.pm25.statistic
                points.append(
                    HistoryPoint(
                        time: day * 86_400, count: group.reduce(0) { $0 + $1.minutes }, pm1: channels.pm1.statistic?.mean,
                        pm25: pm25?.mean, pm10: channels.pm10.statistic?.mean, pm25Minimum: pm25?.minimum,
                        pm25Maximum: pm25?.maximum, temperature: channels.temperature.statistic?.mean,
                        humidity: channels.humidity.statistic?.mean, pm25CF1: channels.pm25CF1.statistic?.mean,
                        pm25Corrected: channels.pm25Corrected.statistic?.mean))
                if points.count >= limit { break }
            }
            return points
        }
    }

    /// Deletes minute rows older than `minute` (hourly rows stay), and the outbox entries of those minutes, and
    /// returns freed pages to the file system. Returns the number of minutes deleted.
    @discardableResult
    public func purgeMinutes(before minute: Int64) throws(SQLiteError) -> Int {
        try withWriter { database throws(SQLiteError) in
            let statement = try database.prepare(HistorySchema.purgeMinutes)
            try statement.bind(1, minute)
            try statement.run()
            let deleted = Int(try database.scalarInt("SELECT changes()") ?? 0)
            let outbox = try database.prepare(HistorySchema.purgeOutbox)
            try outbox.bind(1, minute)
            try outbox.run()
            if deleted > 0 {
                try database.execute("PRAGMA incremental_vacuum")
            }
            return deleted
        }
    }

    /// Whether the database file is no longer at ``path`` (deleted, say by `rm -rf` of the state directory, or
    /// replaced): what is written from now on is lost when the connection closes. A cheap `stat` of the path.
    public func fileHasMoved() throws(SQLiteError) -> Bool {
        try withWriter { database throws(SQLiteError) in try database.hasMoved() }
    }

    /// The newest stored minute, if any.
    public func newestMinute() throws(SQLiteError) -> Int64? {
        try withReader { database throws(SQLiteError) in try database.scalarInt("SELECT max(minute) FROM minute") }
    }

    /// SQLite's `PRAGMA integrity_check` verdict: "ok" when the file is sound.
    public func integrityCheck() throws(SQLiteError) -> String {
        try withReader { database throws(SQLiteError) in try database.scalarText("PRAGMA integrity_check") ?? "" }
    }

    /// Checkpoints the WAL into the database and closes both connections. Later calls throw.
    public func close() {
        reader.withLock { $0 = nil }
        writer.withLock { database in
            try? database?.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            database = nil
        }
    }

    func withWriter<T>(_ body: (SQLiteDatabase) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        try writer.withLock { database throws(SQLiteError) -> T in
            guard let database else { throw Self.closedError }
            return try body(database)
        }
    }

    func withReader<T>(_ body: (SQLiteDatabase) throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let path = self.path
        return try reader.withLock { database throws(SQLiteError) -> T in
            if database == nil {
                let isOpen = writer.withLock { $0 != nil }
                guard isOpen else { throw Self.closedError }
                database = try SQLiteDatabase(path: path)
            }
            guard let database else { throw Self.closedError }
            return try body(database)
        }
    }

    /// Takes a file written by an older version to the current layout, one version per transaction; the data
    /// already stored stays as it is.
    private static func migrate(_ database: SQLiteDatabase, from version: Int64) throws(SQLiteError) {
        for step in version..<Int64(HistorySchema.version) {
            guard let sql = HistorySchema.migrations[step] else {
                throw SQLiteError(
                    code: 1, operation: "migrate \(database.path)", message: "no migration from version \(step)")
            }
            do {
                try database.transaction {
                    try database.execute(sql)
                    try database.execute("PRAGMA user_version = \(step + 1)")
                }
            } catch let error as SQLiteError {
                throw error
            } catch {
                throw SQLiteError(code: 1, operation: "migrate \(database.path)", message: "\(error)")
            }
        }
    }

    private static let closedError = SQLiteError(code: 21, operation: "use history store", message: "store is closed")

    private static func bind(_ minute: MinuteAggregate, to statement: SQLiteStatement) throws(SQLiteError) {
        let values: [Int64?] = [
            minute.minute, Int64(minute.count),
            HistorySchema.encode(minute.pm1?.mean), HistorySchema.encode(minute.pm1?.minimum),
            HistorySchema.encode(minute.pm1?.maximum),
            HistorySchema.encode(minute.pm25?.mean), HistorySchema.encode(minute.pm25?.minimum),
            HistorySchema.encode(minute.pm25?.maximum),
            HistorySchema.encode(minute.pm10?.mean), HistorySchema.encode(minute.pm10?.minimum),
            HistorySchema.encode(minute.pm10?.maximum),
            HistorySchema.encode(minute.pm25CF1), HistorySchema.encode(minute.temperature),
            HistorySchema.encode(minute.humidity), HistorySchema.encode(minute.pm25Corrected),
        ]
        for (offset, value) in values.enumerated() {
            try statement.bind(Int32(offset + 1), value)
        }
    }

    static func minute(from statement: SQLiteStatement) -> MinuteAggregate {
        func statistic(_ column: Int32) -> Statistic? {
            guard let mean = HistorySchema.decode(statement.optionalInt64(column)) else { return nil }
            return Statistic(
                mean: mean, minimum: HistorySchema.decode(statement.optionalInt64(column + 1)) ?? mean,
                maximum: HistorySchema.decode(statement.optionalInt64(column + 2)) ?? mean)
        }
        return MinuteAggregate(
            minute: statement.int64(0), count: Int(statement.int64(1)), pm1: statistic(2), pm25: statistic(5),
            pm10: statistic(8), pm25CF1: HistorySchema.decode(statement.optionalInt64(11)),
            temperature: HistorySchema.decode(statement.optionalInt64(12)),
            humidity: HistorySchema.decode(statement.optionalInt64(13)),
            pm25Corrected: HistorySchema.decode(statement.optionalInt64(14)))
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 { a >= 0 ? a / b : -((-a + b - 1) / b) }
    static func ceilDivide(_ a: Int64, _ b: Int64) -> Int64 { -floorDivide(-a, b) }
}

extension HistoryStore {
    /// Caps the file at `pages` pages (tests use it to make the disk "full").
    func limitPages(to pages: Int) throws(SQLiteError) {
        try withWriter { database throws(SQLiteError) in
            try database.execute("PRAGMA max_page_count = \(pages)")
        }
    }

    /// The value of `PRAGMA name` on the writer connection.
    func pragma(_ name: String) throws(SQLiteError) -> String? {
        try withWriter { database throws(SQLiteError) in try database.scalarText("PRAGMA \(name)") }
    }
}
