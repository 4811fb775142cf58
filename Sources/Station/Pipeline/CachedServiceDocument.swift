import FoundationEssentials
import JSON
import OpenMeteo
import StationSnapshot

/// An Open-Meteo service's cache as the snapshot holds it: rendered into its document (the value's JSON, its
/// ISO 8601 times, `age_s`) only when `/api/v1/cities`, `/pollen` or `/climate` is asked. A snapshot is built
/// every second; rendering the three documents for each was a quarter of the station's instructions per
/// sample with nobody reading.
struct CachedServiceDocument<Value: JSONRepresentable>: ServiceDocument {
    /// The value, when it was fetched, the last attempt and its error.
    var cache: CachedValue<Value>

    func json(at now: Date) -> JSONValue { cache.json(now: now) }
}
