public import AirQuality

/// The upload outbox: minutes a service has not accepted yet. ``HistoryStore/append(_:outboxes:)`` adds them in
/// the transaction that writes the minutes, the retention purge removes them with their minutes, and the
/// uploader reads the oldest, sends them and removes what the service accepted.
///
/// Blocking like the rest of the store: call from a dedicated thread.
extension HistoryStore {
    /// The oldest `limit` minutes waiting for `service`, with their stored values, oldest first.
    public func outboxMinutes(service: String, limit: Int) throws(SQLiteError) -> [MinuteAggregate] {
        try withReader { database throws(SQLiteError) in
            let statement = try database.prepare(HistorySchema.selectOutbox)
            try statement.bind(1, service)
            try statement.bind(2, Int64(max(0, limit)))
            var result: [MinuteAggregate] = []
            while try statement.step() {
                result.append(Self.minute(from: statement))
            }
            return result
        }
    }

    /// How many minutes wait for `service`.
    public func outboxCount(service: String) throws(SQLiteError) -> Int {
        try withReader { database throws(SQLiteError) in
            let statement = try database.prepare(HistorySchema.countOutbox)
            try statement.bind(1, service)
            guard try statement.step() else { return 0 }
            return Int(statement.int64(0))
        }
    }

    /// Removes `minutes` (whole minutes since 1970) from `service`'s outbox in one transaction: the service
    /// accepted them.
    public func removeFromOutbox(service: String, minutes: [Int64]) throws(SQLiteError) {
        guard !minutes.isEmpty else { return }
        try withWriter { database throws(SQLiteError) in
            do {
                try database.transaction {
                    let delete = try database.prepare(HistorySchema.deleteOutbox)
                    for minute in minutes {
                        try delete.bind(1, service)
                        try delete.bind(2, minute)
                        try delete.run()
                    }
                }
            } catch let error as SQLiteError {
                throw error
            } catch {
                throw SQLiteError(code: 1, operation: "remove from the \(service) outbox", message: "\(error)")
            }
        }
    }
}
