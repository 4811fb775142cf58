import Storage

/// The history database opened on its own, for reading only what `/api/v1/history` reads (`export`).
final class HistoryDatabaseReader: Sendable {
    private let database: HistoryStore

    init(_ database: HistoryStore) { self.database = database }

    /// The stored series, as ``StoreService`` gives it to the endpoint.
    func series(
        from: Int64, to: Int64, resolution name: String, limit: Int, channel: HistoryChannel = .a
    ) throws(SQLiteError) -> [HistoryPoint] {
        guard let resolution = HistoryResolution(rawValue: name) else {
            throw SQLiteError(code: 1, operation: "read \(database.path)", message: "unknown resolution \(name)")
        }
        return try database.series(from: from, to: to, resolution: resolution, limit: limit, channel: channel)
    }

    func close() { database.close() }
}
