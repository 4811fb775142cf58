import Foundation
import JSON
import OpenMeteo
import StationSnapshot
import Synchronization
import Testing

@testable import Station

/// Issue 17: the Open-Meteo service documents are built when a fetch changes them, not on every sample.
@Suite("service documents: built once per fetch, aged per snapshot")
struct ServiceDocumentCacheTests {
    final class Tally: Sendable {
        let count = Mutex(0)
        var value: Int { count.withLock { $0 } }
    }

    /// A service result that counts how often its JSON is built.
    struct CountedResult: JSONRepresentable {
        var name: String
        var tally: Tally
        var json: JSONValue {
            tally.count.withLock { $0 += 1 }
            return ["name": .string(name), "cities": []]
        }
        static var unavailableJSON: JSONValue { ["name": .null, "cities": []] }
    }

    @Test("100 snapshots of one fetch build its document once; age_s follows the clock; a new fetch rebuilds")
    func builtOncePerFetch() throws {
        let tally = Tally()
        let fetched = Date(timeIntervalSince1970: 1_800_000_000)
        var cache = CachedValue<CountedResult>()
        cache.value = CountedResult(name: "first", tally: tally)
        cache.fetchedAt = fetched
        cache.lastAttemptAt = fetched
        var kept: ServiceDocumentCache?
        for second in 0..<100 {
            let block = SnapshotAssembly.block(
                cache, kept: &kept, locationError: nil, now: fetched.addingTimeInterval(Double(second) + 0.5))
            guard case .available(let document) = block else {
                Issue.record("not available: \(block)")
                return
            }
            #expect(document["age_s"] == JSONValue(second))
            #expect(document["name"] == .string("first"))
            #expect(document["available"] == .bool(true))
        }
        #expect(tally.value == 1, "the document was rebuilt for snapshots of the same fetch")

        // A failed attempt keeps the value and shows its error.
        cache.lastAttemptAt = fetched.addingTimeInterval(120)
        cache.error = "timed out"
        let failed = SnapshotAssembly.block(cache, kept: &kept, locationError: nil, now: fetched.addingTimeInterval(121))
        #expect(failed == .available(expectedJSON(cache, now: fetched.addingTimeInterval(121))))

        // A new fetch: its value.
        cache.value = CountedResult(name: "second", tally: tally)
        cache.fetchedAt = fetched.addingTimeInterval(180)
        cache.lastAttemptAt = cache.fetchedAt
        cache.error = nil
        let refetched = SnapshotAssembly.block(cache, kept: &kept, locationError: nil, now: fetched.addingTimeInterval(200))
        guard case .available(let document) = refetched else {
            Issue.record("not available: \(refetched)")
            return
        }
        #expect(document["name"] == .string("second"))
        #expect(document["age_s"] == JSONValue(20))
    }

    /// What CachedValue.json(now:) gives (built fresh).
    func expectedJSON(_ cache: CachedValue<CountedResult>, now: Date) -> JSONValue { cache.json(now: now) }
}
