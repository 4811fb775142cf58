import AirQuality
import Clocks
import Diagnostics
import FoundationEssentials
import Station
import Storage
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Feeds minute aggregates through the real ``Station/StoreService`` (and so the real `HistoryStore`: WAL,
/// `synchronous=NORMAL`, one transaction per batch), one minute per transaction, back to back, continuing
/// after the newest minute already stored, and prints `committed M` on standard output after each commit.
/// A test kills it with SIGKILL at a random moment and checks the file: intact, every printed minute present,
/// at most the one minute in flight missing.
enum CrashWriter {
    static let usage = "usage: breeze-store-crash --path DATABASE [--minutes N] [--outbox SERVICE]"

    static func run(arguments: [String]) async -> Int32 {
        guard arguments.count >= 2, arguments[0] == "--path" else {
            writeLine(usage, to: 2)
            return 2
        }
        let path = arguments[1]
        var limit = Int.max
        // Every minute also goes to these upload outboxes, in its own transaction (the outbox crash test).
        var outboxes: [String] = []
        var options = arguments.dropFirst(2)
        while let option = options.popFirst() {
            guard let value = options.popFirst() else {
                writeLine(usage, to: 2)
                return 2
            }
            switch option {
            case "--minutes" where Int(value) != nil: limit = Int(value) ?? limit
            case "--outbox": outboxes.append(value)
            default:
                writeLine(usage, to: 2)
                return 2
            }
        }
        let clock = SystemClock()
        let logger = Logger(label: "store", minimumLevel: .warning, sink: StandardErrorSink(), format: .terminal)
        let commits = CommitWaiter()
        let service = StoreService(
            path: path, retentionDays: 3650, clock: clock, logger: logger, outboxes: outboxes, onCommit: { commits.committed($0) })
        _ = await service.open(now: clock.now)
        guard let database = service.database else {
            writeLine("cannot open \(path): \(service.status.lastError ?? "?")", to: 2)
            return 1
        }
        let newest = (try? database.newestMinute()) ?? nil
        var minute = (newest ?? MinuteAggregate.minute(containing: clock.now.timeIntervalSince1970)) + 1
        let writer = Task { try await service.run() }
        var written = 0
        while written < limit {
            let value = Statistic(mean: Double(minute % 500) / 10, minimum: 0, maximum: 50)
            service.enqueue([
                MinuteAggregate(minute: minute, count: 60, pm1: value, pm25: value, pm10: value, pm25CF1: value.mean)
            ])
            await commits.wait(for: minute)
            writeLine("committed \(minute)", to: 1)
            minute += 1
            written += 1
        }
        writer.cancel()
        await service.close(flushing: [])
        return 0
    }

    /// One `write(2)` per line, unbuffered, so a SIGKILL never loses a printed line.
    static func writeLine(_ text: String, to descriptor: Int32) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}

/// Lets the writer wait until the store service has committed a minute.
final class CommitWaiter: Sendable {
    private let state = Mutex<(newest: Int64, waiter: (minute: Int64, continuation: CheckedContinuation<Void, Never>)?)>(
        (Int64.min, nil))

    func committed(_ minutes: [MinuteAggregate]) {
        guard let newest = minutes.map(\.minute).max() else { return }
        let ready = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.newest = max(state.newest, newest)
            guard let waiter = state.waiter, waiter.minute <= state.newest else { return nil }
            state.waiter = nil
            return waiter.continuation
        }
        ready?.resume()
    }

    func wait(for minute: Int64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                if state.newest >= minute { return true }
                state.waiter = (minute, continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }
}
