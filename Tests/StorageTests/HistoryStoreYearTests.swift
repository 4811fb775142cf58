import AirQuality
import Foundation
import Testing
import ThreadTestSupport

@testable import Storage

/// The bound docs/operations.md gives for the SD card: under 50 MB after a year (minutes kept for
/// `retention_days`, hours for good, the primary-key indices included), measured on a real file filled through
/// the store's own `append` and trimmed by its own purge.
@Suite("History store: a year of minutes", .dedicatedThread)
struct HistoryStoreYearTests {
    /// The documented bound, bytes.
    static let bound = 50 * 1024 * 1024

    @Test("a year and a month of minutes, purged to 365 days, stays under 50 MB")
    func yearFitsTheBound() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history.db")
        let store = try HistoryStore(path: path)
        let retentionDays: Int64 = 365
        let days: Int64 = retentionDays + 30
        let first: Int64 = 483_336 * 60  // on an hour boundary
        var noise = NoiseSource(seed: 20)
        // Month-sized transactions keep memory small; every minute has all channels, with values that vary the
        // way real ones do, so SQLite's varints are as long as in the field.
        var day: Int64 = 0
        while day < days {
            let span = min(30, days - day)
            var batch: [MinuteAggregate] = []
            batch.reserveCapacity(Int(span) * 1440)
            for index in (day * 1440)..<((day + span) * 1440) {
                let pm25 = 2 + noise.next(upTo: 6000) / 100
                batch.append(
                    MinuteAggregate(
                        minute: first + index, count: 30 + Int(noise.next(upTo: 31)),
                        pm1: Statistic(mean: pm25 * 0.7, minimum: pm25 * 0.6, maximum: pm25 * 0.8),
                        pm25: Statistic(mean: pm25, minimum: pm25 * 0.9, maximum: pm25 * 1.1),
                        pm10: Statistic(mean: pm25 * 1.3, minimum: pm25 * 1.2, maximum: pm25 * 1.5),
                        pm25CF1: pm25 * 1.4, temperature: -10 + noise.next(upTo: 4000) / 100,
                        humidity: 20 + noise.next(upTo: 7000) / 100))
            }
            try store.append(batch)
            day += span
        }
        let end = first + days * 1440
        let deleted = try store.purgeMinutes(before: end - retentionDays * 1440)
        #expect(deleted == 30 * 1440)
        #expect(try store.minutes(from: first, to: end, limit: 1_000_000).count == Int(retentionDays) * 1440)
        #expect(try store.hours(from: first / 60, to: end / 60 + 1, limit: 100_000).count == Int(days) * 24)
        #expect(try store.integrityCheck() == "ok")
        store.close()
        let size = try #require(
            try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let wal = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        print("history store after \(days) days, \(retentionDays) kept: \(size + wal) bytes (\(Double(size + wal) / 1_048_576) MiB)")
        #expect(size + wal < Self.bound, "\(size + wal) bytes")
        #expect(size > 10 * 1024 * 1024, "a year of minutes cannot be this small: \(size) bytes")
    }
}

/// A small deterministic generator (SplitMix64), so the file's size repeats exactly.
struct NoiseSource {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(upTo limit: UInt64) -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Double((z ^ (z >> 31)) % limit)
    }
}
