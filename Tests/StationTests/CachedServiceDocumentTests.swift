import Foundation
import JSON
import OpenMeteo
import StationSnapshot
import Synchronization
import Testing

@testable import Station

/// Issue 17: the Open-Meteo service documents are rendered when their route is asked, not on every sample.
@Suite("service documents: rendered on request, aged to the snapshot")
struct CachedServiceDocumentTests {
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

    func document(_ block: ServiceBlock, at now: Date) -> JSONValue? {
        guard case .available(let document) = block else { return nil }
        return document.json(at: now)
    }

    @Test("100 snapshots of one fetch render no document; a request renders it once, age_s at the snapshot's time; a new fetch shows its value")
    func renderedOnRequest() throws {
        let tally = Tally()
        let fetched = Date(timeIntervalSince1970: 1_800_000_000)
        var cache = CachedValue<CountedResult>()
        cache.value = CountedResult(name: "first", tally: tally)
        cache.fetchedAt = fetched
        cache.lastAttemptAt = fetched
        var blocks: [(Date, ServiceBlock)] = []
        for second in 0..<100 {
            blocks.append((fetched.addingTimeInterval(Double(second) + 0.5), SnapshotAssembly.block(cache, locationError: nil)))
        }
        #expect(tally.value == 0, "a document was rendered for a snapshot nobody asked for")
        let (time, block) = try #require(blocks.last)
        let rendered = try #require(document(block, at: time))
        #expect(rendered["age_s"] == JSONValue(99))
        #expect(rendered["name"] == .string("first"))
        #expect(rendered["available"] == .bool(true))
        #expect(tally.value == 1)
        #expect(document(blocks[10].1, at: blocks[10].0)?["age_s"] == JSONValue(10))

        // A failed attempt keeps the value and shows its error.
        cache.lastAttemptAt = fetched.addingTimeInterval(120)
        cache.error = "timed out"
        let failed = SnapshotAssembly.block(cache, locationError: nil)
        let now = fetched.addingTimeInterval(121)
        #expect(document(failed, at: now) == cache.json(now: now))

        // A new fetch: its value.
        cache.value = CountedResult(name: "second", tally: tally)
        cache.fetchedAt = fetched.addingTimeInterval(180)
        cache.lastAttemptAt = cache.fetchedAt
        cache.error = nil
        let refetched = try #require(document(SnapshotAssembly.block(cache, locationError: nil), at: fetched.addingTimeInterval(200)))
        #expect(refetched["name"] == .string("second"))
        #expect(refetched["age_s"] == JSONValue(20))
    }

    @Test("nothing fetched yet is 503 pending; an unresolved place is its error; no value after failures is the error")
    func blocks() {
        var cache = CachedValue<CountedResult>()
        guard case .pending = SnapshotAssembly.block(cache, locationError: nil) else {
            Issue.record("not pending")
            return
        }
        guard case .unavailable("place not found") = SnapshotAssembly.block(nil as CachedValue<CountedResult>?, locationError: "place not found") else {
            Issue.record("not the location error")
            return
        }
        cache.lastAttemptAt = Date(timeIntervalSince1970: 1_800_000_000)
        cache.error = "timed out"
        guard case .unavailable("timed out") = SnapshotAssembly.block(cache, locationError: nil) else {
            Issue.record("not the fetch error")
            return
        }
    }
}
