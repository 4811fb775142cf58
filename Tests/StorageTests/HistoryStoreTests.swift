import AirQuality
import Foundation
import Testing

@testable import Storage

/// A fresh directory per test, removed afterwards.
final class TemporaryDirectory {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    deinit { try? FileManager.default.removeItem(at: url) }
}

func minute(_ index: Int64, pm25: Double, count: Int = 60) -> MinuteAggregate {
    MinuteAggregate(
        minute: index, count: count, pm1: Statistic(pm25 * 0.6), pm25: Statistic(mean: pm25, minimum: pm25 - 1, maximum: pm25 + 1),
        pm10: Statistic(pm25 * 1.4), pm25CF1: pm25 * 1.5, temperature: 21.25, humidity: 48.5)
}

@Suite("History store")
struct HistoryStoreTests {
    @Test("minutes round-trip through the file to a hundredth")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        let written = minute(29_000_000, pm25: 12.345)
        try store.append([written])
        let read = try store.minutes(from: 29_000_000, to: 29_000_001)
        #expect(read.count == 1)
        let first = try #require(read.first)
        #expect(first.minute == written.minute)
        #expect(first.count == 60)
        #expect(first.pm25 == Statistic(mean: 12.35, minimum: 11.35, maximum: 13.35))
        #expect(first.pm25CF1 == 18.52)
        #expect(first.temperature == 21.25)
        #expect(first.humidity == 48.5)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("each hour is the mean of its minute means, and counts its minutes")
    func hours() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        let hour: Int64 = 480_000
        try store.append((0..<30).map { minute(hour * 60 + $0, pm25: 10) })
        try store.append((30..<50).map { minute(hour * 60 + $0, pm25: 20) })
        try store.append([minute((hour + 1) * 60, pm25: 5)])
        let hours = try store.hours(from: hour, to: hour + 2)
        #expect(hours.count == 2)
        #expect(hours[0].minutes == 50)
        #expect(hours[0].pm25 == 14)
        #expect(hours[0].isValid())
        #expect(hours[1].minutes == 1)
        #expect(!hours[1].isValid())
    }

    @Test("a restart finds what was written; a rewritten minute replaces the old one")
    func persistence() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history.sqlite")
        do {
            let store = try HistoryStore(path: path)
            try store.append([minute(100, pm25: 1), minute(101, pm25: 2)])
            store.close()
        }
        let store = try HistoryStore(path: path)
        try store.append([minute(101, pm25: 3)])
        let minutes = try store.minutes(from: 0, to: 1000)
        #expect(minutes.map(\.pm25?.mean) == [1, 3])
        #expect(try store.newestMinute() == 101)
    }

    @Test("purging minutes keeps the hourly means")
    func purge() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        try store.append((0..<120).map { minute(6_000 + $0, pm25: Double($0)) })
        let deleted = try store.purgeMinutes(before: 6_060)
        #expect(deleted == 60)
        #expect(try store.minutes(from: 0, to: 10_000).count == 60)
        #expect(try store.hours(from: 0, to: 1_000).count == 2)
    }

    @Test("series at minute, hour and day resolution")
    func series() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        let day: Int64 = 20_000
        // Two hours of data on one day, one hour on the next.
        try store.append((0..<60).map { minute(day * 1440 + $0, pm25: 10) })
        try store.append((0..<60).map { minute(day * 1440 + 60 + $0, pm25: 30) })
        try store.append((0..<60).map { minute((day + 1) * 1440 + $0, pm25: 50) })
        let start = day * 86_400
        let minutes = try store.series(from: start, to: start + 3600, resolution: .minute, limit: 1000)
        #expect(minutes.count == 60)
        #expect(minutes.first?.time == start)
        #expect(minutes.first?.pm25Maximum == 11)
        let hours = try store.series(from: start, to: start + 2 * 86_400, resolution: .hour, limit: 1000)
        #expect(hours.map(\.pm25) == [10, 30, 50])
        let days = try store.series(from: start, to: start + 2 * 86_400, resolution: .day, limit: 1000)
        #expect(days.map(\.pm25) == [20, 50])
        #expect(days.map(\.time) == [start, start + 86_400])
        #expect(try store.series(from: start, to: start + 3600, resolution: .minute, limit: 10).count == 10)
    }

    @Test("a directory that does not exist is a clear error naming the file")
    func missingDirectory() {
        do {
            _ = try HistoryStore(path: "/nonexistent-breeze/history.sqlite")
            Issue.record("expected an error")
        } catch {
            #expect(error.description.contains("/nonexistent-breeze/history.sqlite"))
        }
    }

    @Test("a file that is not a database is refused, and left as it was")
    func notADatabase() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history.sqlite")
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: SQLiteError.self) { try HistoryStore(path: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("not a database"))
    }

    @Test("a full database fails the write with a disk-full error and keeps what was stored")
    func full() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        try store.append([minute(1, pm25: 1)])
        try store.limitPages(to: 8)
        var failure: SQLiteError?
        for index in 2..<2000 {
            do {
                try store.append([minute(Int64(index) * 997, pm25: Double(index))])
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure)
        #expect(error.isDiskFull)
        #expect(try store.minutes(from: 1, to: 2).count == 1)
        #expect(try store.integrityCheck() == "ok")
    }

    @Test("the file uses WAL and synchronous=NORMAL")
    func pragmas() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        #expect(try store.pragma("journal_mode") == "wal")
        #expect(try store.pragma("synchronous") == "1")
        #expect(try store.pragma("auto_vacuum") == "2")
    }
}
