import Foundation
import Testing
import ClocksTestSupport

@testable import Clocks

@Suite("Manual clock")
struct ManualClockTests {
    @Test("sleepers wake when time passes their deadline, in deadline order")
    func wakesInOrder() async throws {
        let clock = ManualClock()
        let order = OrderLog()
        async let first: Void = {
            try await clock.sleep(for: .seconds(60))
            await order.append("60s")
        }()
        async let second: Void = {
            try await clock.sleep(for: .seconds(30))
            await order.append("30s")
        }()
        #expect(await clock.waitForSleepers(2))
        clock.advance(by: .seconds(29))
        #expect(clock.sleeperCount == 2)
        clock.advance(by: .seconds(1))
        #expect(await clock.waitForSleepers(1))
        clock.advance(by: .seconds(30))
        _ = try await (first, second)
        #expect(await order.entries == ["30s", "60s"])
    }

    @Test("a deadline in the past returns at once")
    func pastDeadline() async throws {
        let clock = ManualClock()
        try await clock.sleep(until: clock.now.addingTimeInterval(-1))
        #expect(clock.sleeperCount == 0)
    }

    @Test("cancelling a sleeper throws CancellationError and removes it")
    func cancellation() async throws {
        let clock = ManualClock()
        let task = Task { try await clock.sleep(for: .seconds(3600)) }
        #expect(await clock.waitForSleepers(1))
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(clock.sleeperCount == 0)
    }

    @Test("time never moves backwards")
    func monotonic() {
        let clock = ManualClock()
        let start = clock.now
        clock.advance(to: start.addingTimeInterval(-100))
        #expect(clock.now == start)
        clock.advance(by: .milliseconds(1500))
        #expect(clock.now.timeIntervalSince(start) == 1.5)
    }

    @Test("the system clock sleeps about as long as asked")
    func systemClock() async throws {
        let clock = SystemClock()
        let start = clock.now
        try await clock.sleep(for: .milliseconds(20))
        #expect(clock.now.timeIntervalSince(start) >= 0.019)
    }

    @Test("durations convert to seconds")
    func durations() {
        #expect(Duration.milliseconds(1500).timeInterval == 1.5)
        #expect(Duration.interval(0.25) == .milliseconds(250))
    }
}

actor OrderLog {
    var entries: [String] = []
    func append(_ entry: String) { entries.append(entry) }
}
