import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// SIGINT and SIGTERM as something a command awaits: the signals are ignored by the process and read from
/// Dispatch signal sources, so the command can turn the LEDs off and release the lines before it exits.
final class TerminationSignals: Sendable {
    private struct State {
        var received: Int32?
        var waiter: CheckedContinuation<Int32?, Never>?
        var cancelled = false
    }

    private let signals: [Int32]
    private let state = Mutex(State())
    /// Set once in `init`; Dispatch sources are safe to cancel from any thread.
    nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

    /// Starts catching `signals` (SIGINT and SIGTERM by default).
    init(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        self.signals = signals
        let queue = DispatchQueue(label: "breeze-station.signals")
        for number in signals { signal(number, SIG_IGN) }
        self.sources = signals.map { DispatchSource.makeSignalSource(signal: $0, queue: queue) }
        for (number, source) in zip(signals, sources) {
            source.setEventHandler { [weak self] in self?.deliver(number) }
            source.resume()
        }
    }

    /// The signal received so far, if any.
    var received: Int32? { state.withLock { $0.received } }

    /// Waits for the first signal; nil when the waiting task is cancelled first.
    func wait() async -> Int32? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
                let immediate: Int32?? = state.withLock { state in
                    if let received = state.received { return .some(received) }
                    if state.cancelled { return .some(nil) }
                    state.waiter = continuation
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }

    /// Stops catching the signals: their default action (ending the process) applies again.
    func restore() {
        for source in sources { source.cancel() }
        for number in signals { signal(number, SIG_DFL) }
    }

    private func deliver(_ number: Int32) {
        let waiter = state.withLock { state in
            if state.received == nil { state.received = number }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: number)
    }

    /// `SIGINT`, `SIGTERM` or the number.
    static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
