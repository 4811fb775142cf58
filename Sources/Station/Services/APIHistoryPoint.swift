import StationSnapshot

/// The API's history point (StationSnapshot's `HistoryPoint`), named apart from the store's (Storage's
/// `HistoryPoint`) for the files that import both modules: `StationSnapshot.HistoryPoint` cannot be written,
/// since the module's `StationSnapshot` type shadows the module's name.
typealias APIHistoryPoint = HistoryPoint
