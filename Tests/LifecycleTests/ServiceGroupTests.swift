import Clocks
import Diagnostics
import Synchronization
import Testing
import ClocksTestSupport

@testable import Lifecycle

/// A service that records its runs and fails the first `failures` times.
final class FlakyService: Service {
    let name: String
    let failurePolicy: ServiceFailurePolicy
    private let state: Mutex<(runs: Int, failures: Int, cleanedUp: Int)>

    init(name: String, failures: Int, policy: ServiceFailurePolicy = .restart) {
        self.name = name
        failurePolicy = policy
        state = Mutex((0, failures, 0))
    }

    var runs: Int { state.withLock { $0.runs } }
    var cleanedUp: Int { state.withLock { $0.cleanedUp } }

    func run() async throws {
        let shouldFail = state.withLock { state -> Bool in
            state.runs += 1
            if state.failures > 0 {
                state.failures -= 1
                return true
            }
            return false
        }
        if shouldFail { throw TestFailure() }
        // Run until cancelled, then clean up.
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(2))
        }
        state.withLock { $0.cleanedUp += 1 }
    }
}

struct TestFailure: Error {}

/// Polls `condition` until it holds or 30 s of real time pass (generous: a loaded CI machine may starve the
/// tasks under test for seconds).
func eventually(_ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now.advanced(by: .seconds(30))
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(2))
    }
    return true
}

@Suite("Service group")
struct ServiceGroupTests {
    @Test("a failed service is restarted with a doubling delay; shutdown stops everything")
    func restartsAndStops() async throws {
        let clock = ManualClock()
        let sink = InMemoryLogSink()
        let steady = FlakyService(name: "steady", failures: 0)
        let flaky = FlakyService(name: "flaky", failures: 2)
        let group = ServiceGroup(
            services: [steady, flaky], logger: Logger(label: "group", sink: sink, clock: clock), clock: clock,
            policy: .init(initialDelay: .seconds(1), maximumDelay: .seconds(60)))
        let running = Task { await group.run() }

        // First failure: restart after 1 s.
        #expect(await clock.waitForSleepers(1))
        #expect(flaky.runs == 1)
        clock.advance(by: .seconds(1))
        // Second failure: restart after 2 s, not 1.
        #expect(await clock.waitForSleepers(1))
        #expect(flaky.runs == 2)
        clock.advance(by: .seconds(1))
        #expect(flaky.runs == 2)
        clock.advance(by: .seconds(1))
        #expect(await eventually { flaky.runs >= 3 })
        #expect(flaky.runs == 3)
        #expect(group.restartCounts["flaky"] == 2)
        #expect(group.restartCounts["steady"] == nil)

        group.triggerShutdown()
        _ = await running.value
        #expect(steady.cleanedUp == 1)
        #expect(flaky.cleanedUp == 1)
        #expect(sink.lines.contains { $0.contains("service flaky failed") && $0.contains("restarting in 1 s") })
        #expect(sink.lines.contains { $0.contains("restarting in 2 s") })
    }

    @Test("cancelling the task that runs the group shuts it down")
    func cancellation() async {
        let clock = ManualClock()
        let service = FlakyService(name: "one", failures: 0)
        let group = ServiceGroup(services: [service], logger: Logger(label: "g", sink: InMemoryLogSink()), clock: clock)
        let running = Task { await group.run() }
        #expect(await eventually { service.runs > 0 })
        running.cancel()
        _ = await running.value
        #expect(service.cleanedUp == 1)
    }

    @Test("shutdown requested before run returns at once")
    func early() async {
        let group = ServiceGroup(services: [], logger: Logger(label: "g", sink: InMemoryLogSink()), clock: ManualClock())
        group.triggerShutdown()
        await group.run()
    }
}
