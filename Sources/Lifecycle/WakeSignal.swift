public import Clocks
public import FoundationEssentials
import Synchronization

/// A wake-up for one waiting task: ``signal()`` from anywhere; ``wait(until:clock:)`` returns at the signal
/// (or at once if one came since the last wait), at the deadline, or when the task is cancelled.
public final class WakeSignal: Sendable {
    private struct State {
        var pending = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state = Mutex(State())

    /// A signal not yet given.
    public init() {}

    /// Wakes the waiter, or the next one to wait.
    public func signal() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard let waiter = state.waiter else {
                state.pending = true
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume()
    }

    /// Waits for a signal; nil deadline waits for the signal (or cancellation) only.
    public func wait(until deadline: Date?, clock: any StationClock) async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.waitForSignal() }
            if let deadline {
                group.addTask { try? await clock.sleep(until: deadline) }
            }
            await group.next()
            group.cancelAll()
            self.abandon()
        }
    }

    private func waitForSignal() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now = state.withLock { state -> Bool in
                    if state.pending {
                        state.pending = false
                        return true
                    }
                    if Task.isCancelled { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        } onCancel: {
            abandon()
        }
    }

    /// Resumes a waiter left behind by a cancelled wait.
    private func abandon() {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}

/// Suspends until the calling task is cancelled (a service that only reacts to others, then cleans up).
public func waitUntilCancelled() async {
    let state = Mutex<(waiter: CheckedContinuation<Void, Never>?, cancelled: Bool)>((nil, false))
    await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state -> Bool in
                if state.cancelled || Task.isCancelled { return true }
                state.waiter = continuation
                return false
            }
            if now { continuation.resume() }
        }
    } onCancel: {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.cancelled = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }
}
