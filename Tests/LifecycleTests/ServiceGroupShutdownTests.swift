import Clocks
import Diagnostics
import Synchronization
import Testing
import ClocksTestSupport

@testable import Lifecycle

/// What the services did, in order.
final class Journal: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

/// A service that runs until cancelled, then takes `cleanup` of real time to clean up (a store writing its last
/// minute), recording both moments in a shared journal.
final class OrderedService: Service {
    let name: String
    private let journal: Journal
    private let cleanup: Duration

    init(name: String, journal: Journal, cleanup: Duration = .milliseconds(20)) {
        self.name = name
        self.journal = journal
        self.cleanup = cleanup
    }

    var stopped: Bool { journal.all.contains("\(name) stopped") }

    func run() async throws {
        await waitUntilCancelled()
        journal.append("\(name) stopping")
        // Not cancellable: a cleanup runs to its end, however the group is asked to hurry.
        let cleanup = self.cleanup
        await Task { try? await Task.sleep(for: cleanup) }.value
        journal.append("\(name) stopped")
    }
}

/// A service that does not react to cancellation until the test releases it (a blocking C call that hangs).
final class StuckService: Service {
    let name = "stuck"
    private let state = Mutex<(waiter: CheckedContinuation<Void, Never>?, released: Bool)>((nil, false))

    func run() async throws {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.released { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    }

    func release() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.released = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

@Suite("Service group shutdown")
struct ServiceGroupShutdownTests {
    @Test("the services stop one at a time in reverse start order, each done before the next is asked")
    func reverseOrder() async {
        let journal = Journal()
        let services = ["endpoint", "store", "sensor"].map { OrderedService(name: $0, journal: journal) }
        // The order is what is tested, not the graceful budget (the next test): a budget no loaded machine
        // overruns, so a slow cleanup cannot turn the ordered stop into the cancel-everything phase.
        let group = ServiceGroup(
            services: services, logger: Logger(label: "g", sink: InMemoryLogSink()), clock: ManualClock(),
            shutdown: .init(graceful: .seconds(120), cancellation: .seconds(10)))
        let running = Task { await group.run() }
        group.triggerShutdown()
        let ending = await running.value
        #expect(ending == ServiceGroup.Ending(cause: .requested, overrunning: []))
        #expect(journal.all == [
            "sensor stopping", "sensor stopped", "store stopping", "store stopped", "endpoint stopping",
            "endpoint stopped",
        ])
    }

    @Test("a service that overruns the graceful phase: the rest is cancelled at once; one that never stops is named and left behind")
    func escalation() async {
        let journal = Journal()
        let first = OrderedService(name: "endpoint", journal: journal, cleanup: .zero)
        let stuck = StuckService()
        let last = OrderedService(name: "sensor", journal: journal, cleanup: .zero)
        let sink = InMemoryLogSink()
        let group = ServiceGroup(
            services: [first, stuck, last], logger: Logger(label: "g", sink: sink), clock: ManualClock(),
            shutdown: .init(graceful: .seconds(1), cancellation: .milliseconds(1500)))
        let running = Task { await group.run() }
        group.triggerShutdown()
        let ending = await running.value
        stuck.release()
        #expect(ending == ServiceGroup.Ending(cause: .requested, overrunning: ["stuck"]))
        // The endpoint, after the stuck one in the order, was still stopped (in the cancellation phase).
        #expect(first.stopped)
        #expect(last.stopped)
        #expect(sink.lines.contains { $0.contains("service stuck did not stop within 1 s") })
        #expect(sink.lines.contains { $0.contains("left behind: stuck") })
    }

    @Test("a service that ends the station stops the group at once, is not restarted, and is reported")
    func endStation() async {
        let clock = ManualClock()
        let sink = InMemoryLogSink()
        let steady = FlakyService(name: "steady", failures: 0)
        let endpoint = FlakyService(name: "http", failures: 1, policy: .endStation)
        let announced = Journal()
        let group = ServiceGroup(
            services: [steady, endpoint], logger: Logger(label: "g", sink: sink), clock: clock
        ) { cause in
            announced.append("\(cause)")
        }
        // Nobody triggers the shutdown: the failure does.
        let ending = await group.run()
        guard case .serviceEnded(let name, let reason) = ending.cause else {
            Issue.record("ended by \(ending.cause), not by the service")
            return
        }
        #expect(name == "http")
        #expect(reason.contains("failed"))
        #expect(announced.all == ["\(ending.cause)"])
        #expect(endpoint.runs == 1)
        #expect(group.restartCounts.isEmpty)
        #expect(steady.cleanedUp == 1)
        #expect(sink.lines.contains { $0.contains("service http failed") && $0.contains("the station cannot run without it") })
    }

    @Test("a service whose failures are ignored is left stopped while the rest runs on")
    func ignore() async {
        let clock = ManualClock()
        let sink = InMemoryLogSink()
        let steady = FlakyService(name: "steady", failures: 0)
        let optional = FlakyService(name: "optional", failures: 1, policy: .ignore)
        let group = ServiceGroup(services: [steady, optional], logger: Logger(label: "g", sink: sink), clock: clock)
        let running = Task { await group.run() }
        #expect(await eventually { sink.lines.contains { $0.contains("service optional failed") } })
        #expect(sink.lines.contains { $0.contains("left stopped") })
        // A restart would be waiting for this much of the group's clock (the first delay is 1 s).
        clock.advance(by: .seconds(120))
        try? await Task.sleep(for: .milliseconds(50))
        #expect(optional.runs == 1)
        #expect(group.restartCounts.isEmpty)
        #expect(steady.runs == 1 && steady.cleanedUp == 0)
        group.triggerShutdown()
        let ending = await running.value
        #expect(ending.cause == .requested)
        #expect(steady.cleanedUp == 1)
    }
}
