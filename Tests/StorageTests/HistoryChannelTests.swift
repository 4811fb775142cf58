import AirQuality
import Foundation
import Testing

@testable import Storage

/// Channel B's rows (`sensor_b`) beside channel A's, and a database from before channel B opened with
/// nothing lost.
@Suite("History store: the second sensor's channel")
struct HistoryChannelTests {
    private static let hour: Int64 = 480_000

    @Test("a database written before channel B existed gains its tables on open and keeps every row")
    func oldDatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history.sqlite")
        let store = try HistoryStore(path: path)
        try store.append((0..<60).map { minute(Self.hour * 60 + $0, pm25: 10) })
        store.close()
        // The file as a version without channel B left it: no minute_b, no hour_b.
        let old = try SQLiteDatabase(path: path)
        try old.execute("DROP TABLE minute_b; DROP TABLE hour_b;")
        #expect(try old.scalarInt("SELECT count(*) FROM sqlite_master WHERE name IN ('minute_b', 'hour_b')") == 0)
        #expect(try old.scalarInt("PRAGMA user_version") == Int64(HistorySchema.version))

        let reopened = try HistoryStore(path: path)
        defer { reopened.close() }
        #expect(try reopened.minutes(from: 0, to: Int64.max).count == 60)
        #expect(try reopened.hours(from: 0, to: Int64.max).first?.pm25 == 10)
        #expect(try reopened.minutes(from: 0, to: Int64.max, channel: .b).isEmpty)
        try reopened.append((0..<60).map { minute(Self.hour * 60 + $0, pm25: 30) }, channel: .b)
        #expect(try reopened.hours(from: 0, to: Int64.max, channel: .b).first?.pm25 == 30)
        #expect(try reopened.hours(from: 0, to: Int64.max).first?.pm25 == 10)
        #expect(try reopened.integrityCheck() == "ok")
    }

    @Test("the channels' rows are apart: same minutes, own values, own series, both purged")
    func apart() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        defer { store.close() }
        try store.append((0..<30).map { minute(Self.hour * 60 + $0, pm25: 12) })
        try store.append((0..<30).map { minute(Self.hour * 60 + $0, pm25: 40) }, channel: .b)
        let a = try store.series(from: 0, to: 10_000_000_000, resolution: .hour, limit: 10)
        let b = try store.series(from: 0, to: 10_000_000_000, resolution: .hour, limit: 10, channel: .b)
        #expect(a.map(\.pm25) == [12])
        #expect(b.map(\.pm25) == [40])
        #expect(b.first?.time == a.first?.time)
        let deleted = try store.purgeMinutes(before: Self.hour * 60 + 10)
        #expect(deleted == 10)
        #expect(try store.minutes(from: 0, to: Int64.max, channel: .b).count == 20)
        #expect(try store.hours(from: 0, to: Int64.max, channel: .b).count == 1)
    }

    @Test("channel B's statements are channel A's with the tables renamed, never a column")
    func statements() {
        let insert = HistoryChannel.b.statement(HistorySchema.insertMinute)
        #expect(insert.contains("INTO minute_b\n"))
        #expect(insert.contains("(minute, n,"))
        let refresh = HistoryChannel.b.statement(HistorySchema.refreshHour)
        #expect(refresh.contains("INTO hour_b (hour, minutes"))
        #expect(refresh.contains("FROM minute_b WHERE minute >= ?1 * 60"))
        #expect(HistoryChannel.a.statement(HistorySchema.insertMinute) == HistorySchema.insertMinute)
        let creation = HistoryChannel.b.statement(HistorySchema.creation)
        #expect(creation.contains("CREATE TABLE IF NOT EXISTS minute_b ("))
        #expect(creation.contains("CREATE TABLE IF NOT EXISTS hour_b ("))
        #expect(creation.contains("minute INTEGER PRIMARY KEY"))
    }
}
