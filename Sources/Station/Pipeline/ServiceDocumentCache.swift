import FoundationEssentials
import JSON
import OpenMeteo

/// One Open-Meteo service's document as the last snapshot served it, kept while its cache is unchanged.
///
/// A snapshot is built every second; the cities, pollen and climate documents change when a fetch
/// completes (once a minute or an hour) and otherwise only in `age_s`. Rebuilding them (the value's JSON
/// and its ISO 8601 times) was a quarter of the station's instructions per sample with nobody reading.
struct ServiceDocumentCache: Sendable {
    /// What the document depends on apart from the age: the fetch and the last attempt.
    struct Key: Sendable, Equatable {
        var fetchedAt: Date?
        var lastAttemptAt: Date?
        var error: String?
    }

    var key: Key
    var document: JSONValue

    /// The kept document when `cache` is what it was built from (with `age_s` at `now`), else a new one,
    /// kept in `kept`.
    static func document<Value: JSONRepresentable>(
        _ cache: CachedValue<Value>, kept: inout ServiceDocumentCache?, now: Date
    ) -> JSONValue {
        let key = Key(fetchedAt: cache.fetchedAt, lastAttemptAt: cache.lastAttemptAt, error: cache.error)
        if let kept, kept.key == key, case .object(var pairs) = kept.document,
            let index = pairs.firstIndex(where: { $0.key == "age_s" })
        {
            // As CachedValue.json(now:) writes it.
            pairs[index].value = JSONValue(cache.age(at: now).map { Int($0.rounded(.down)) })
            return .object(pairs)
        }
        let document = cache.json(now: now)
        kept = ServiceDocumentCache(key: key, document: document)
        return document
    }
}

/// The kept documents of the three services.
struct ServiceDocuments: Sendable {
    var cities: ServiceDocumentCache?
    var pollen: ServiceDocumentCache?
    var climate: ServiceDocumentCache?
}
