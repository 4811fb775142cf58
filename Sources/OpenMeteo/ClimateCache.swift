import AirQuality
import Synchronization

/// Which value a climate cache entry holds: the place (rounded to 0.01°, about 1 km, finer than the
/// archive's grid) and the day.
public struct ClimateCacheKey: Sendable, Hashable {
    /// Latitude rounded to 0.01°, as text.
    public let latitude: String
    /// Longitude rounded to 0.01°, as text.
    public let longitude: String
    /// The day.
    public let date: CivilDate

    /// The key of `place` on `date`.
    public init(place: GeoCoordinate, date: CivilDate) {
        latitude = DecimalFormatting.fixed(place.latitude, decimals: 2)
        longitude = DecimalFormatting.fixed(place.longitude, decimals: 2)
        self.date = date
    }

    /// `52.52,13.41,2000-06-15`: the key as one string, for files.
    public var text: String { "\(latitude),\(longitude),\(date)" }
}

/// Permanent storage of past years' daily maxima: a past day's archive value never changes, so each is
/// fetched once. The station backs it with a file in its state directory (``FileClimateCache``); tests and
/// stations without a state directory use ``InMemoryClimateCache``. Implementations must not throw: a
/// cache that cannot be read or written only costs a fetch.
public protocol ClimateCache: Sendable {
    /// The stored value, if any.
    func temperatureMax(for key: ClimateCacheKey) -> Double?
    /// Stores values (one call per history, so a file-backed cache writes once).
    func store(_ entries: [ClimateCacheKey: Double])
}

/// A climate cache in memory, for the process's lifetime.
public final class InMemoryClimateCache: ClimateCache {
    private let values = Mutex<[ClimateCacheKey: Double]>([:])

    /// An empty cache.
    public init() {}

    public func temperatureMax(for key: ClimateCacheKey) -> Double? { values.withLock { $0[key] } }

    public func store(_ entries: [ClimateCacheKey: Double]) {
        values.withLock { $0.merge(entries) { _, new in new } }
    }

    /// Number of stored values.
    public var count: Int { values.withLock { $0.count } }
}
