import Clocks
import Diagnostics
import FoundationEssentials
import Synchronization

extension ServiceGroup {
    /// The three phases of the shutdown (see ``ServiceGroup``). Returns the names of the services left running.
    func stop(_ supervisors: [Task<Void, Never>], completions: ServiceCompletions) async -> [String] {
        let realTime = SystemClock()
        let requested = realTime.now
        let gracefulDeadline = requested.adding(shutdownPolicy.graceful)
        var overran: Int?
        for index in services.indices.reversed() where !completions.isFinished(index) {
            supervisors[index].cancel()
            if await completions.wait(for: [index], until: gracefulDeadline) { continue }
            overran = index
            break
        }
        guard let overran else { return [] }
        let left = services.indices.reversed().filter { !completions.isFinished($0) }
        logger.warning(
            "service \(services[overran].name) did not stop within \(Self.describe(shutdownPolicy.graceful)) of the "
                + "stop request; cancelling the \(left.count) services left at once")
        for index in left { supervisors[index].cancel() }
        _ = await completions.wait(for: left, until: realTime.now.adding(shutdownPolicy.cancellation))
        let overrunning = left.filter { !completions.isFinished($0) }.map { services[$0].name }
        if !overrunning.isEmpty {
            let elapsed = Int((realTime.now.timeIntervalSince(requested) * 1000).rounded(.towardZero))
            logger.error(
                "still running \(elapsed) ms after the stop request, left behind: "
                    + overrunning.joined(separator: ", "))
        }
        return overrunning
    }
}

/// Which of a group's services have returned, and a wait for some of them with a real-time deadline.
final class ServiceCompletions: Sendable {
    private let finished = Mutex<Set<Int>>([])
    private let changed = WakeSignal()

    /// Records that the service at `index` has returned.
    func finish(_ index: Int) {
        finished.withLock { _ = $0.insert(index) }
        changed.signal()
    }

    func isFinished(_ index: Int) -> Bool { finished.withLock { $0.contains(index) } }

    /// Waits until every service of `indices` has returned (true) or `deadline` passes (false).
    func wait(for indices: [Int], until deadline: Date) async -> Bool {
        let realTime = SystemClock()
        while true {
            if finished.withLock({ done in indices.allSatisfy { done.contains($0) } }) { return true }
            if realTime.now >= deadline { return false }
            await changed.wait(until: deadline, clock: realTime)
        }
    }
}
