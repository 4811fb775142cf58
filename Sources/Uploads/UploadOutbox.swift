public import AirQuality

/// Where an uploader that must not lose minutes finds them: the minutes its service has not accepted yet,
/// kept on disk (the station's `HistoryStore` outbox) so they survive restarts and power cuts.
public protocol UploadOutbox: Sendable {
    /// The oldest `limit` minutes waiting, oldest first, with their values.
    func oldest(limit: Int) async throws -> [MinuteAggregate]
    /// Removes `minutes` (whole minutes since 1970): the service accepted them.
    func remove(_ minutes: [Int64]) async throws
    /// How many minutes wait.
    func count() async throws -> Int
}
