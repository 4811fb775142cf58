import AirQuality
import Foundation
import Testing

@testable import Storage

@Suite("History store: schema migration")
struct HistorySchemaMigrationTests {
    /// The version 1 layout, as stations before the corrected column wrote it.
    static let versionOne = """
        CREATE TABLE minute (
            minute INTEGER PRIMARY KEY, n INTEGER NOT NULL,
            pm1 INTEGER, pm1_min INTEGER, pm1_max INTEGER, pm25 INTEGER, pm25_min INTEGER, pm25_max INTEGER,
            pm10 INTEGER, pm10_min INTEGER, pm10_max INTEGER, pm25_cf1 INTEGER, temperature INTEGER, humidity INTEGER);
        CREATE TABLE hour (
            hour INTEGER PRIMARY KEY, minutes INTEGER NOT NULL, pm1 INTEGER, pm25 INTEGER, pm10 INTEGER,
            pm25_cf1 INTEGER, temperature INTEGER, humidity INTEGER);
        INSERT INTO minute VALUES (29000000, 60, 700, 700, 700, 1234, 1200, 1300, 1800, 1800, 1800, 1500, 2100, 5500);
        INSERT INTO hour VALUES (483333, 1, 700, 1234, 1800, 1500, 2100, 5500);
        PRAGMA user_version = 1;
        """

    @Test("a version 1 file gains pm25_corrected, keeps its rows (corrected unknown), and takes new corrected rows")
    func versionOneIsMigrated() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history.sqlite")
        do {
            let old = try SQLiteDatabase(path: path)
            try old.execute(Self.versionOne)
        }
        let store = try HistoryStore(path: path)
        #expect(try store.pragma("user_version") == "\(HistorySchema.version)")
        let kept = try #require(try store.minutes(from: 29_000_000, to: 29_000_001).first)
        #expect(kept.pm25?.mean == 12.34)
        #expect(kept.humidity == 55)
        #expect(kept.pm25Corrected == nil)
        #expect(try store.hours(from: 483_333, to: 483_334).first?.pm25 == 12.34)

        var written = minute(29_000_001, pm25: 20)
        written.pm25Corrected = 9.87
        try store.append([written])
        let read = try #require(try store.minutes(from: 29_000_001, to: 29_000_002).first)
        #expect(read.pm25?.mean == 20)
        #expect(read.pm25Corrected == 9.87)
        // The hour is recomputed from its minutes: raw from both, corrected from the one that has it.
        let hour = try #require(try store.hours(from: 483_333, to: 483_334).first)
        #expect(hour.pm25Corrected == 9.87)
        let series = try store.series(from: 29_000_001 * 60, to: 29_000_002 * 60, resolution: .minute, limit: 10)
        #expect(series.first?.pm25Corrected == 9.87)
        store.close()

        // Opened again: already at version 2, nothing to do, nothing lost.
        let reopened = try HistoryStore(path: path)
        #expect(try reopened.minutes(from: 29_000_000, to: 29_000_002).count == 2)
        reopened.close()
    }
}
