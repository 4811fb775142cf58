public import StationSnapshot
import FoundationEssentials
import AirQuality
import JSON
import Storage

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station export`: the history database read offline, through the same provider and renderers as
/// `/api/v1/history` and `/api/v1/history.csv`, so an export and a download of the same query are the same bytes.
public final class HistoryExport: Sendable {
    /// The history, corrected and indexed as the running station serves it.
    public let provider: any HistoryProvider
    private let reader: HistoryDatabaseReader

    /// Opens the database of `configuration` (`storage.path`).
    ///
    /// - Throws: ``HistoryExportError`` when the file is missing or is not a history database.
    public init(configuration: StationConfiguration) throws(HistoryExportError) {
        let path = configuration.storage.path
        // HistoryStore creates a missing file; an export must not.
        guard access(path, F_OK) == 0 else {
            throw HistoryExportError("no history database at \(path) (storage.path, or --state-dir)")
        }
        let store: HistoryStore
        do {
            store = try HistoryStore(path: path)
        } catch {
            throw HistoryExportError("cannot open the history database \(path): \(error)")
        }
        reader = HistoryDatabaseReader(store)
        let settings = PipelineSettings(configuration)
        let evaluator = LocalAirQualityEvaluator(
            correction: settings.correction, expectedMinutesPerHour: settings.expectedMinutesPerHour)
        provider = StoreHistory(
            source: .database(reader), evaluator: evaluator, indices: configuration.aqi.all,
            channelB: configuration.sensorB != nil)
    }

    /// The CSV of `query`, chunk by chunk (header, then a page of rows per chunk).
    public func csv(_ query: HistoryQuery) -> HistoryCSVStream { HistoryCSVStream(query: query, provider: provider) }

    /// The JSON document of `query`, the bytes `/api/v1/history` sends.
    public func json(_ query: HistoryQuery) throws -> [UInt8] {
        HistoryDocument.render(query, points: try provider.history(query)).serializedBytes()
    }

    /// Closes the database.
    public func close() { reader.close() }
}

/// Why an export cannot read the history.
public struct HistoryExportError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, naming the file.
    public let description: String
    init(_ description: String) { self.description = description }
}
