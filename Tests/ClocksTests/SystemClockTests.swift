import Clocks
import Foundation
import Synchronization
import Testing

@Suite("the system clock")
struct SystemClockTests {
    /// A wall clock that reads an hour behind after its first reading, as after an NTP step back.
    final class SteppedBackClock: StationClock {
        private let readings = Mutex(0)
        private let start = Date(timeIntervalSince1970: 1_780_000_000)
        var now: Date {
            let count = readings.withLock { count -> Int in
                count += 1
                return count
            }
            return count == 1 ? start : start.addingTimeInterval(-3600)
        }
        func sleep(until deadline: Date) async throws {
            Issue.record("an interval slept until a wall-clock deadline")
        }
        func sleep(for duration: Duration) async throws { try await SystemClock().sleep(for: duration) }
    }

    @Test("an interval is elapsed time: through `any StationClock` the clock's own sleep(for:) runs")
    func intervalsAreElapsedTime() async throws {
        let clock: any StationClock = SteppedBackClock()
        _ = clock.now
        let started = ContinuousClock.now
        try await clock.sleep(for: .milliseconds(20))
        #expect(ContinuousClock.now - started >= .milliseconds(20))
    }

    @Test("SystemClock.sleep(for:) waits the duration and honours cancellation")
    func systemSleep() async throws {
        let started = ContinuousClock.now
        try await SystemClock().sleep(for: .milliseconds(30))
        #expect(ContinuousClock.now - started >= .milliseconds(30))
        let task = Task { try await SystemClock().sleep(for: .seconds(60)) }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
    }
}
