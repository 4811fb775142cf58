import Clocks
import Foundation
import JSON
import OpenMeteo
import Synchronization
import Testing
import ClocksTestSupport

struct Flaky: Error, CustomStringConvertible {
    var description: String { "no network" }
}

/// Counts fetches and fails while `failing` is set.
final class FetchScript: Sendable {
    private let state = Mutex((count: 0, failing: false))
    var count: Int { state.withLock { $0.count } }
    func setFailing(_ failing: Bool) { state.withLock { $0.failing = failing } }

    func fetch() throws -> CitiesAirQuality {
        let failing = state.withLock { state -> Bool in
            state.count += 1
            return state.failing
        }
        if failing { throw Flaky() }
        return CitiesAirQuality(cities: [])
    }
}

@Suite("Periodic refresh and cache")
struct PeriodicRefreshTests {
    @Test("the interval is never below one minute")
    func minimum() {
        let refresh = PeriodicRefresh(name: "x", interval: .seconds(5), clock: ManualClock(), logger: testLogger().0) { 1 }
        #expect(refresh.interval == .seconds(60))
    }

    @Test("refreshes at once, then every interval, on the station clock")
    func schedule() async throws {
        let clock = ManualClock()
        let script = FetchScript()
        let refresh = PeriodicRefresh(name: "cities", interval: .seconds(900), clock: clock, logger: testLogger().0) {
            try script.fetch()
        }
        let updates = Mutex(0)
        let task = Task { await refresh.run { _ in updates.withLock { $0 += 1 } } }
        #expect(await clock.waitForSleepers(1))
        #expect(script.count == 1)
        #expect(clock.nextDeadline == clock.now.addingTimeInterval(900))
        clock.advance(by: .seconds(899))
        #expect(script.count == 1)
        clock.advance(by: .seconds(1))
        #expect(await clock.waitForSleepers(1))
        #expect(script.count == 2)
        #expect(updates.withLock { $0 } == 2)
        task.cancel()
        await task.value
    }

    @Test("after failures: retries after 1, 2, 4 ... minutes, never beyond the interval; the value is kept")
    func backoff() async throws {
        let clock = ManualClock()
        let script = FetchScript()
        let refresh = PeriodicRefresh(name: "cities", interval: .seconds(900), clock: clock, logger: testLogger().0) {
            try script.fetch()
        }
        await refresh.refresh()
        script.setFailing(true)
        var delays: [Duration] = []
        for _ in 0..<6 {
            let snapshot = await refresh.refresh()
            #expect(snapshot.value != nil)
            #expect(snapshot.error == "no network")
            delays.append(refresh.delay(after: snapshot))
        }
        #expect(delays == [.seconds(60), .seconds(120), .seconds(240), .seconds(480), .seconds(900), .seconds(900)])
        script.setFailing(false)
        let recovered = await refresh.refresh()
        #expect(recovered.error == nil)
        #expect(recovered.consecutiveFailures == 0)
        #expect(refresh.delay(after: recovered) == .seconds(900))
    }

    @Test("JSON of the cache: status keys, then the value's keys or their placeholders")
    func json() async throws {
        let clock = ManualClock()
        let script = FetchScript()
        let refresh = PeriodicRefresh(name: "cities", interval: .seconds(900), clock: clock, logger: testLogger().0) {
            try script.fetch()
        }
        let empty = refresh.current.json(now: clock.now)
        #expect(keys(empty) == ["available", "fetched_at", "age_s", "error", "cities"])
        #expect(empty["available"] == false)
        #expect(empty["cities"] == [])
        await refresh.refresh()
        clock.advance(by: .seconds(125))
        let full = refresh.current.json(now: clock.now)
        #expect(full["available"] == true)
        #expect(full["fetched_at"] == "2026-01-01T00:00:00Z")
        #expect(full["age_s"] == 125)
        #expect(full["error"] == .null)
    }

    @Test("a cancelled refresh leaves the cache as it was")
    func cancelled() async throws {
        let clock = ManualClock()
        let refresh = PeriodicRefresh(name: "slow", interval: .seconds(900), clock: clock, logger: testLogger().0) {
            try await Task.sleep(for: .seconds(30))
            return 1
        }
        let task = Task { await refresh.refresh() }
        try await Task.sleep(for: .milliseconds(20))
        task.cancel()
        _ = await task.value
        #expect(refresh.current.lastAttemptAt == nil)
        #expect(refresh.current.error == nil)
    }
}
