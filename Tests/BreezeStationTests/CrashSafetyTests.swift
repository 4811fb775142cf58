import AirQuality
import Foundation
import Storage
import Testing
import ThreadTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// SIGKILL while the station's store service writes (`breeze-store-crash`: the real StoreService and
/// HistoryStore, one minute per transaction, as fast as the disk allows). Every time: the database is intact,
/// every minute reported committed is there, and at most the one minute in flight is lost.
@Suite("Crash safety of the history database", .serialized, .dedicatedThread)
struct CrashSafetyTests {
    static let kills = 50

    @Test("50 × SIGKILL at random moments while writing: integrity_check ok, at most one minute lost each time")
    func sigkill() async throws {
        let directory = try scratchDirectory("crash")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history.db").path
        var generator = SystemRandomNumberGenerator()
        var stored: Int64?
        for round in 1...Self.kills {
            let writer = try StationProcess(["--path", path], executable: "breeze-store-crash")
            // Wait for the first commit, then kill at a random moment of the next 0-150 ms.
            let started = await writer.wait(30) { writer.stdout.contains("committed") || writer.exited != nil }
            #expect(started, "round \(round): \(writer.stderr)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...150, using: &generator)))
            writer.send(SIGKILL)
            // SIGKILL always ends it; 30 s is for the exit's report (Foundation's termination handler), which a
            // loaded 2-core machine can hold back for seconds.
            let exit = await writer.waitForExit(within: 30)
            #expect(exit != nil, "round \(round): no exit reported 30 s after SIGKILL")
            let committed = writer.stdout.split(separator: "\n").compactMap { line -> Int64? in
                line.hasPrefix("committed ") ? Int64(line.dropFirst("committed ".count)) : nil
            }
            let lastReported = try #require(committed.last, "round \(round): nothing committed")

            let store = try HistoryStore(path: path)
            defer { store.close() }
            #expect(try store.integrityCheck() == "ok", "round \(round)")
            let newest = try #require(try store.newestMinute())
            // Committed means durable: every reported minute is there; beyond it at most the minute in flight.
            #expect(newest >= lastReported && newest <= lastReported + 1, "round \(round): \(newest) vs \(lastReported)")
            // No holes: each run continues after the newest stored minute.
            if let first = committed.first, let previous = stored {
                #expect(first == previous + 1, "round \(round): restarted at \(first) after \(previous)")
            }
            let rows = try store.minutes(from: newest - Int64(committed.count) - 1, to: newest + 1)
            #expect(rows.count >= committed.count, "round \(round)")
            stored = newest
        }
    }

    @Test("SIGKILL while minutes go to the openSenseMap outbox: every minute in the file is still waiting in it")
    func outboxSurvivesSigkill() async throws {
        let directory = try scratchDirectory("crash-outbox")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history.db").path
        var generator = SystemRandomNumberGenerator()
        for round in 1...10 {
            let writer = try StationProcess(
                ["--path", path, "--outbox", "opensensemap"], executable: "breeze-store-crash")
            let started = await writer.wait(30) { writer.stdout.contains("committed") || writer.exited != nil }
            #expect(started, "round \(round): \(writer.stderr)")
            try await Task.sleep(for: .milliseconds(Int.random(in: 0...150, using: &generator)))
            writer.send(SIGKILL)
            #expect(await writer.waitForExit(within: 10) != nil)
            let committed = writer.stdout.split(separator: "\n").compactMap { line -> Int64? in
                line.hasPrefix("committed ") ? Int64(line.dropFirst("committed ".count)) : nil
            }
            let lastReported = try #require(committed.last, "round \(round): nothing committed")

            let store = try HistoryStore(path: path)
            defer { store.close() }
            #expect(try store.integrityCheck() == "ok", "round \(round)")
            let stored = try store.minutes(from: 0, to: Int64.max / 2).map(\.minute)
            let waiting = try store.outboxMinutes(service: "opensensemap", limit: 1_000_000).map(\.minute)
            // A minute is in the history and in the outbox, or in neither: nothing committed is lost to the upload.
            #expect(waiting == stored, "round \(round): \(waiting.count) waiting, \(stored.count) stored")
            #expect(waiting.contains(lastReported), "round \(round)")
        }
    }
}
