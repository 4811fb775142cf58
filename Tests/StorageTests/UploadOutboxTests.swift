import AirQuality
import Foundation
import Testing

@testable import Storage

/// The upload outbox in a real SQLite file: filled in the minute's own transaction, read oldest first, emptied
/// as the service accepts, pruned with the minutes, and added to a file an older station wrote.
@Suite("Upload outbox")
struct UploadOutboxTests {
    static let service = "opensensemap"

    @Test("minutes appended for a service wait in its outbox with their values, oldest first, at most the limit")
    func queuedInTheSameWrite() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        try store.append([minute(102, pm25: 3), minute(100, pm25: 1), minute(101, pm25: 2)], outboxes: [Self.service])
        try store.append([minute(103, pm25: 4)])
        #expect(try store.outboxCount(service: Self.service) == 3)
        #expect(try store.outboxCount(service: "other") == 0)
        let oldest = try store.outboxMinutes(service: Self.service, limit: 2)
        #expect(oldest.map(\.minute) == [100, 101])
        #expect(oldest.first?.pm25 == Statistic(mean: 1, minimum: 0, maximum: 2))
        #expect(oldest.first?.temperature == 21.25)
        #expect(oldest.first?.humidity == 48.5)
        #expect(try store.outboxMinutes(service: Self.service, limit: 10).map(\.minute) == [100, 101, 102])
    }

    @Test("accepted minutes leave the outbox and stay in the history; appending a minute twice queues it once")
    func removal() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        try store.append((0..<5).map { minute(200 + $0, pm25: 5) }, outboxes: [Self.service])
        try store.append([minute(204, pm25: 6)], outboxes: [Self.service])
        #expect(try store.outboxCount(service: Self.service) == 5)
        try store.removeFromOutbox(service: Self.service, minutes: [200, 201, 202])
        #expect(try store.outboxMinutes(service: Self.service, limit: 10).map(\.minute) == [203, 204])
        #expect(try store.outboxMinutes(service: Self.service, limit: 10).last?.pm25?.mean == 6)
        #expect(try store.minutes(from: 200, to: 205).count == 5)
    }

    @Test("the outbox survives closing and reopening the file")
    func persistence() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history.sqlite")
        do {
            let store = try HistoryStore(path: path)
            try store.append([minute(300, pm25: 1), minute(301, pm25: 2)], outboxes: [Self.service])
            store.close()
        }
        let store = try HistoryStore(path: path)
        #expect(try store.outboxMinutes(service: Self.service, limit: 10).map(\.minute) == [300, 301])
    }

    @Test("the retention purge removes the outbox entries of the minutes it deletes")
    func purge() throws {
        let directory = try TemporaryDirectory()
        let store = try HistoryStore(path: directory.path("history.sqlite"))
        try store.append((0..<10).map { minute(1000 + $0, pm25: 5) }, outboxes: [Self.service])
        #expect(try store.purgeMinutes(before: 1006) == 6)
        #expect(try store.outboxCount(service: Self.service) == 4)
        #expect(try store.outboxMinutes(service: Self.service, limit: 10).map(\.minute) == [1006, 1007, 1008, 1009])
    }

    @Test("a history file written before the outbox existed keeps its minutes and hours and gains the outbox")
    func migrationFromVersion1() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("history.sqlite")
        // Written by the store as it was before the outbox (user_version 1): 120 minutes from 29_000_000.
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/history-v1.sqlite")
        try FileManager.default.copyItem(atPath: fixture.path, toPath: path)
        let store = try HistoryStore(path: path)
        #expect(try store.pragma("user_version") == "\(HistorySchema.version)")
        let minutes = try store.minutes(from: 29_000_000, to: 29_000_120)
        #expect(minutes.count == 120)
        #expect(minutes.last?.pm25?.mean == 29.75)
        #expect(try store.hours(from: 0, to: Int64.max / 2).reduce(0) { $0 + $1.minutes } == 120)
        #expect(try store.outboxCount(service: Self.service) == 0)
        try store.append([minute(29_000_120, pm25: 7)], outboxes: [Self.service])
        #expect(try store.outboxMinutes(service: Self.service, limit: 10).map(\.minute) == [29_000_120])
        #expect(try store.integrityCheck() == "ok")
        store.close()
        // Opening the migrated file again changes nothing.
        let reopened = try HistoryStore(path: path)
        #expect(try reopened.outboxCount(service: Self.service) == 1)
        #expect(try reopened.minutes(from: 29_000_000, to: 29_000_121).count == 121)
    }
}
