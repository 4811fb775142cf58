import AirQuality
import Clocks
import Diagnostics
import Foundation
import StationSnapshot
import Testing

@testable import Station
@testable import Storage

@Suite("The store service: one transaction per minute, failures survived", .serialized)
struct StoreServiceTests {
    let start = Date(timeIntervalSince1970: 1_796_032_800)  // 2026-11-30T10:00:00Z

    func minutes(_ count: Int, from first: Int64, pm25: Double = 12) -> [MinuteAggregate] {
        (0..<count).map { offset in
            let value = Statistic(mean: pm25, minimum: pm25 - 1, maximum: pm25 + 1)
            return MinuteAggregate(minute: first + Int64(offset), count: 6, pm1: nil, pm25: value, pm10: value)
        }
    }

    var firstMinute: Int64 { MinuteAggregate.minute(containing: start.timeIntervalSince1970) }

    /// Waits (real time) for `condition`.
    func eventually(_ what: String, within seconds: Double = 20, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        Issue.record("not within \(seconds) s: \(what)")
        return false
    }

    @Test("minutes are written as they come and restored at the next start")
    func writeAndRestore() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("state/history.db").path
        let clock = ManualClock(start: start.addingTimeInterval(1800))
        let committed = CommitLog()
        let service = StoreService(
            path: path, retentionDays: 365, clock: clock, logger: quietLogger(clock), onCommit: committed.add)
        let restored = await service.open(now: clock.now)
        #expect(restored.minutes.isEmpty && restored.hours.isEmpty)
        let task = Task { try await service.run() }
        service.enqueue(minutes(1, from: firstMinute))
        service.enqueue(minutes(29, from: firstMinute + 1))
        _ = await eventually("30 minutes written") { service.status.minutesWritten == 30 }
        task.cancel()
        _ = try? await task.value
        await service.close(flushing: minutes(1, from: firstMinute + 30))
        #expect(committed.batches.allSatisfy { !$0.isEmpty })
        #expect(committed.batches.flatMap { $0 }.count == 31)

        let again = StoreService(path: path, retentionDays: 365, clock: clock, logger: quietLogger(clock))
        let back = await again.open(now: clock.now)
        #expect(back.minutes.count == 31)
        #expect(back.hours.count == 1)
        #expect(back.hours.first?.minutes == 31)
        #expect(try again.database?.integrityCheck() == "ok")
        await again.close(flushing: [])
    }

    @Test("a directory that cannot be made: minutes wait in memory, one log line a minute, counted; then written")
    func missingDirectory() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // A file where the state directory should be: mkdir fails (as it would on a read-only file system,
        // even for root).
        let blocker = directory.appendingPathComponent("state")
        try Data("not a directory".utf8).write(to: blocker)
        let path = blocker.appendingPathComponent("history.db").path
        let clock = ManualClock(start: start)
        let logs = InMemoryLogSink()
        let statuses = StatusLog()
        let service = StoreService(
            path: path, retentionDays: 365, clock: clock, logger: quietLogger(clock, sink: logs), onStatus: statuses.add)
        _ = await service.open(now: clock.now)
        #expect(service.status.isHealthy == false)
        let task = Task { try await service.run() }
        for offset in 0..<3 {
            service.enqueue(minutes(1, from: firstMinute + Int64(offset)))
            _ = await eventually("failure \(offset + 2) counted") { service.status.writeFailures >= offset + 2 }
        }
        #expect(service.status.pendingMinutes == 3)
        #expect(logs.lines.filter { $0.contains("error") }.count == 1, "\(logs.lines)")

        // The administrator fixes it; the retry a minute later writes everything queued.
        try FileManager.default.removeItem(at: blocker)
        #expect(await clock.waitForSleepers(1, timeout: .seconds(20)))
        clock.advance(by: StoreService.retryInterval)
        _ = await eventually("queued minutes written") { service.status.minutesWritten == 3 }
        #expect(service.status.isHealthy)
        #expect(service.status.pendingMinutes == 0)
        #expect(logs.lines.contains { $0.contains("written again") })
        task.cancel()
        _ = try? await task.value
        await service.close(flushing: [])
        #expect(statuses.count >= 4)
    }

    @Test("the state directory deleted under the running store: logged, counted, reopened at the path, no minute lost")
    func deletedDirectory() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state")
        let path = state.appendingPathComponent("history.db").path
        let clock = ManualClock(start: start.addingTimeInterval(3600))
        let logs = InMemoryLogSink()
        let statuses = StatusLog()
        let service = StoreService(
            path: path, retentionDays: 365, clock: clock, logger: quietLogger(clock, sink: logs), onStatus: statuses.add)
        _ = await service.open(now: clock.now)
        let task = Task { try await service.run() }
        service.enqueue(minutes(10, from: firstMinute))
        _ = await eventually("10 minutes written") { service.status.minutesWritten == 10 }
        // A first check passes with the file in place: those 10 minutes are safely in the file (until deleted).
        service.enqueue(minutes(5, from: firstMinute + 10))
        _ = await eventually("15 minutes written") { service.status.minutesWritten == 15 }

        try FileManager.default.removeItem(at: state)  // rm -rf of the state directory
        service.enqueue(minutes(3, from: firstMinute + 15))
        _ = await eventually("the loss noticed and the minutes written again") {
            service.status.filesLost == 1 && service.status.pendingMinutes == 0 && service.status.minutesWritten > 15
        }
        #expect(service.status.isHealthy)
        #expect(logs.lines.contains { $0.contains("deleted or replaced while open") && $0.contains(path) }, "\(logs.lines)")
        var pipeline = PipelineState()
        pipeline.store = service.status
        let metrics = PrometheusText.render(StationServiceMetrics(pipeline).metricFamilies)
        #expect(metrics.contains("breeze_store_files_lost_total 1\n"), "\(metrics)")
        #expect(metrics.contains("breeze_store_up 1\n"))
        task.cancel()
        _ = try? await task.value
        await service.close(flushing: [])

        // The file at the path holds the minutes written after the deletion and those of the last write before
        // it (they went to the deleted file after the last check).
        #expect(FileManager.default.fileExists(atPath: path))
        let reopened = try HistoryStore(path: path)
        let stored = try reopened.minutes(from: firstMinute, to: firstMinute + 100).map(\.minute)
        #expect(stored == Array((firstMinute + 10)..<(firstMinute + 18)), "\(stored.map { $0 - firstMinute })")
        #expect(try reopened.integrityCheck() == "ok")
        reopened.close()
    }

    @Test("a full disk: the failed minutes stay queued and are written when space returns")
    func fullDisk() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock(start: start)
        let logs = InMemoryLogSink()
        let service = StoreService(
            path: directory.appendingPathComponent("history.db").path, retentionDays: 365, clock: clock,
            logger: quietLogger(clock, sink: logs))
        _ = await service.open(now: clock.now)
        let task = Task { try await service.run() }
        service.enqueue(minutes(1, from: firstMinute))
        _ = await eventually("first minute written") { service.status.minutesWritten == 1 }
        let database = try #require(service.database)
        let pages = try #require(Int(try database.pragma("page_count") ?? ""))
        try database.limitPages(to: pages)
        service.enqueue(minutes(120, from: firstMinute + 1))
        _ = await eventually("write failure counted") { service.status.writeFailures == 1 }
        #expect(service.status.pendingMinutes == 120)
        #expect(logs.lines.contains { $0.contains("cannot write 120 minutes") })
        try database.limitPages(to: 1_000_000)
        #expect(await clock.waitForSleepers(1, timeout: .seconds(20)))
        clock.advance(by: StoreService.retryInterval)
        _ = await eventually("written after the disk has room") { service.status.minutesWritten == 121 }
        task.cancel()
        _ = try? await task.value
        await service.close(flushing: [])
    }

    @Test("minutes older than the retention are purged, the first time an hour after start; their hours stay")
    func retention() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock(start: start)
        let path = directory.appendingPathComponent("history.db").path
        let service = StoreService(path: path, retentionDays: 30, clock: clock, logger: quietLogger(clock))
        _ = await service.open(now: clock.now)
        let task = Task { try await service.run() }
        let old = firstMinute - 40 * 1440
        service.enqueue(minutes(60, from: old) + minutes(5, from: firstMinute))
        _ = await eventually("65 minutes written") { service.status.minutesWritten == 65 }
        // Not yet: the clock of a board without an RTC may still be wrong in the first hour.
        #expect(service.status.purgedMinutes == 0)
        clock.advance(by: StoreService.firstPurgeDelay)
        service.enqueue(minutes(1, from: firstMinute + 60))
        _ = await eventually("old minutes purged") { service.status.purgedMinutes == 60 }
        task.cancel()
        _ = try? await task.value
        let database = try #require(service.database)
        #expect(try database.minutes(from: old, to: old + 60).isEmpty)
        #expect(try database.hours(from: old / 60, to: old / 60 + 1).count == 1)
        #expect(try database.minutes(from: firstMinute, to: firstMinute + 5).count == 5)
        await service.close(flushing: [])
    }
}

extension StoreServiceTests {
    @Test("a clock behind the stored history (no RTC, no NTP yet): no stored minute is replaced; counted; newer minutes stored")
    func clockBehindHistory() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("history.db").path
        // Yesterday's run stored 10:00-10:29 at 20 µg/m³.
        let earlier = ManualClock(start: start.addingTimeInterval(1800))
        let first = StoreService(path: path, retentionDays: 365, clock: earlier, logger: quietLogger(earlier))
        _ = await first.open(now: earlier.now)
        await first.close(flushing: minutes(30, from: firstMinute, pm25: 20))

        // After a power cut the board boots with its clock at 10:10 (the last saved time), before NTP.
        let behind = ManualClock(start: start.addingTimeInterval(600))
        let service = StoreService(path: path, retentionDays: 365, clock: behind, logger: quietLogger(behind))
        _ = await service.open(now: behind.now)
        let task = Task { try await service.run() }
        service.enqueue(minutes(5, from: firstMinute + 10, pm25: 3))
        _ = await eventually("5 minutes refused") { service.status.minutesBehindHistory == 5 }
        #expect(service.status.pendingMinutes == 0)
        // NTP steps the clock forward: minutes after the stored history are written as usual.
        service.enqueue(minutes(2, from: firstMinute + 30, pm25: 3))
        _ = await eventually("2 newer minutes written") { service.status.minutesWritten == 2 }
        task.cancel()
        _ = try? await task.value
        let database = try #require(service.database)
        let stored = try database.minutes(from: firstMinute, to: firstMinute + 32)
        #expect(stored.count == 32)
        #expect(stored.prefix(30).allSatisfy { $0.pm25?.mean == 20 }, "the stored minutes kept their values")
        #expect(stored.suffix(2).allSatisfy { $0.pm25?.mean == 3 })
        await service.close(flushing: [])
    }
}

/// The minutes of each commit.
final class CommitLog: Sendable {
    private let state = Mutex<[[MinuteAggregate]]>([])
    var batches: [[MinuteAggregate]] { state.withLock { $0 } }
    func add(_ batch: [MinuteAggregate]) { state.withLock { $0.append(batch) } }
}

/// Every status reported.
final class StatusLog: Sendable {
    private let state = Mutex<[StoreStatus]>([])
    var count: Int { state.withLock { $0.count } }
    func add(_ status: StoreStatus) { state.withLock { $0.append(status) } }
}

import Synchronization
import ClocksTestSupport
