import Dispatch
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the pipe the signal handler writes to, or -1. A global atomic, because a signal handler
/// can capture nothing and may only do async-signal-safe things (an atomic load and a `write(2)`).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// SIGINT and SIGTERM as something to await, so the station and the commands can shut down cleanly (LEDs off,
/// lines released, the database closed, a pty's symlink removed) before they exit. The one place the project
/// catches signals.
///
/// A `sigaction` handler writes the signal's number to a pipe (the self-pipe trick) and a Dispatch read
/// source on the pipe delivers it. Not a Dispatch signal source: on Linux those block the signal only in
/// Dispatch's own thread, so a signal the kernel hands to another thread is lost while the disposition is
/// "ignore". A signal arriving before the read source runs waits in the pipe.
public final class TerminationSignals: Sendable {
    private struct State {
        var received: Int32?
        var waiter: CheckedContinuation<Int32?, Never>?
        var cancelled = false
    }

    private let signals: [Int32]
    private let state = Mutex(State())
    private let pipeEnds: (read: Int32, write: Int32)
    /// Set once in `init`; Dispatch sources are safe to cancel from any thread.
    nonisolated(unsafe) private let source: (any DispatchSourceRead)?

    /// Starts catching `signals` (SIGINT and SIGTERM by default). If no pipe can be made, the signals keep
    /// their default action (they end the process).
    public init(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        self.signals = signals
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            pipeEnds = (-1, -1)
            source = nil
            return
        }
        pipeEnds = (ends[0], ends[1])
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        signalPipeWriteEnd.store(ends[1], ordering: .releasing)
        for number in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(signalPipeWriteEnd.load(ordering: .acquiring), &byte, 1)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
        }
        let source = DispatchSource.makeReadSource(
            fileDescriptor: ends[0], queue: DispatchQueue(label: "breeze-station.signals"))
        self.source = source
        source.setEventHandler { [weak self] in self?.drain() }
        source.resume()
    }

    /// The signal received so far, if any.
    public var received: Int32? { state.withLock { $0.received } }

    /// Waits for the first signal; nil when the waiting task is cancelled first.
    public func wait() async -> Int32? {
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
    public func restore() {
        for number in signals { signal(number, SIG_DFL) }
        guard let source else { return }
        signalPipeWriteEnd.store(-1, ordering: .releasing)
        let ends = pipeEnds
        source.setCancelHandler {
            close(ends.read)
            close(ends.write)
        }
        source.cancel()
    }

    /// Reads the signal numbers the handler wrote and delivers the first.
    private func drain() {
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(pipeEnds.read, &bytes, bytes.count)
        guard count > 0 else { return }
        for byte in bytes.prefix(count) { deliver(Int32(byte)) }
    }

    /// The first signal starts the graceful shutdown; a second one (Ctrl-C again while a stuck SD card or
    /// connection holds the shutdown up) ends the process at once with the signal's default action.
    private func deliver(_ number: Int32) {
        let (waiter, repeated) = state.withLock { state in
            let repeated = state.received != nil
            if !repeated { state.received = number }
            defer { state.waiter = nil }
            return (state.waiter, repeated)
        }
        if repeated {
            signal(number, SIG_DFL)
            // To the process, not this thread: Dispatch's worker threads block signals, so raise() here would
            // leave it pending; a thread that does not block it takes the default action (the end).
            kill(getpid(), number)
            return
        }
        waiter?.resume(returning: number)
    }

    /// `SIGINT`, `SIGTERM` or the number.
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        default: "signal \(number)"
        }
    }
}
