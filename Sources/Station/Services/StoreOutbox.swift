import AirQuality
import LinuxIO
import Storage
import Uploads

/// One upload service's outbox in the history database, for its uploader: reads and deletions run on a
/// thread of their own (SQLite blocks on the SD card), against the database the store service has open.
final class StoreOutbox: UploadOutbox {
    private let store: StoreService
    private let service: String
    private let worker: WorkerThread

    /// The outbox of `service` in `store`'s database.
    init(store: StoreService, service: String) {
        self.store = store
        self.service = service
        worker = WorkerThread(name: "outbox-\(service)")
    }

    func oldest(limit: Int) async throws -> [MinuteAggregate] {
        let (database, service) = (try open(), self.service)
        return try await worker.run { () throws(SQLiteError) in try database.outboxMinutes(service: service, limit: limit) }
    }

    func remove(_ minutes: [Int64]) async throws {
        let (database, service) = (try open(), self.service)
        try await worker.run { () throws(SQLiteError) in try database.removeFromOutbox(service: service, minutes: minutes) }
    }

    func count() async throws -> Int {
        let (database, service) = (try open(), self.service)
        return try await worker.run { () throws(SQLiteError) in try database.outboxCount(service: service) }
    }

    private func open() throws(SQLiteError) -> HistoryStore {
        guard let database = store.database else {
            throw SQLiteError(
                code: 14, operation: "read the \(service) outbox",
                message: store.status.lastError ?? "the history database is not open")
        }
        return database
    }
}
