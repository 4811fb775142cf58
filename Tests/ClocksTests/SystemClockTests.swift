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

    /// A clock that records its sleeps, its wall clock where a test puts it.
    final class RecordingClock: StationClock {
        let wall: Mutex<Date>
        let sleeps = Mutex<[Duration]>([])
        init(_ start: Date) { wall = Mutex(start) }
        var now: Date { wall.withLock { $0 } }
        func sleep(until deadline: Date) async throws { Issue.record("a cadence slept until a wall-clock deadline") }
        func sleep(for duration: Duration) async throws { sleeps.withLock { $0.append(duration) } }
    }

    @Test("a cadence's beat is one elapsed-time sleep of the time left, never more than the interval")
    func cadenceSleeps() async throws {
        let start = Date(timeIntervalSince1970: 1_780_000_000)
        let clock = RecordingClock(start)
        try await clock.sleep(toward: start.addingTimeInterval(42), atMost: .seconds(60))
        // The wall clock stepped back a year: the beat is still at most one interval away.
        clock.wall.withLock { $0 = start.addingTimeInterval(-365 * 86_400) }
        try await clock.sleep(toward: start.addingTimeInterval(60), atMost: .seconds(60))
        // Stepped forward past the beat: no wait.
        clock.wall.withLock { $0 = start.addingTimeInterval(86_400) }
        try await clock.sleep(toward: start.addingTimeInterval(120), atMost: .seconds(60))
        #expect(clock.sleeps.withLock { $0 } == [.seconds(42), .seconds(60), .zero])
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
