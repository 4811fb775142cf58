import Dispatch
import Synchronization

/// Tells async code when a network thread has finished, with a bounded wait: a thread blocked in name
/// resolution cannot be interrupted, and a service must still return promptly when asked to stop.
final class SessionCompletion: Sendable {
    private struct State {
        var finished = false
        var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
        var nextID = 0
    }

    private let state = Mutex(State())

    /// Called once by the thread as its last act.
    func finish() {
        let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
            state.finished = true
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume(returning: true) }
    }

    /// Whether the thread has finished.
    var isFinished: Bool { state.withLock { $0.finished } }

    /// Waits until the thread finishes (true) or `timeout` passes (false). Works in a cancelled task too:
    /// the timer is Dispatch's, not a task sleep.
    func wait(timeout: Duration) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let id = state.withLock { state -> Int? in
                if state.finished { return nil }
                state.nextID += 1
                state.waiters[state.nextID] = continuation
                return state.nextID
            }
            guard let id else {
                continuation.resume(returning: true)
                return
            }
            let (seconds, attoseconds) = timeout.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                let expired = self.state.withLock { $0.waiters.removeValue(forKey: id) }
                expired?.resume(returning: false)
            }
        }
    }
}
