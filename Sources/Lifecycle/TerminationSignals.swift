import Dispatch
import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The write end of the pipe the signal handler writes to, or -1. A global atomic, because a signal handler
/// can capture nothing and may only do async-signal-safe things (an atomic load, clock_gettime, `write(2)`).
private let signalPipeWriteEnd = Atomic<Int32>(-1)

/// The process's one signal path, for every command: SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGUSR1 and SIGUSR2
/// are caught from the first line of `main` (``install()``), so no signal meets a default action while the
/// process starts, and each command then says what they mean to it (``adopt(_:)``): a clean stop, logged
/// and ignored, or the default action for commands with nothing to clean up.
///
/// A `sigaction` handler writes the signal's number and the monotonic time to a pipe (the self-pipe trick)
/// and a Dispatch read source on the pipe delivers it. Not a Dispatch signal source: on Linux those block
/// the signal only in Dispatch's own thread, so a signal the kernel hands to another thread is lost while
/// the disposition is "ignore". A signal arriving before a command adopted its policy waits in the pipe.
///
/// Repeats: a second stop signal within ``repeatWindow`` of the first is the same request (two SIGTERMs
/// sent back to back are sometimes merged by the kernel and sometimes not; either way the outcome is one
/// clean stop). One that comes later ends a stuck shutdown at once by the signal's default action.
public final class TerminationSignals: Sendable {
    /// Every signal the process catches.
    public static let caught: [Int32] = [SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGUSR1, SIGUSR2]
    /// A second stop signal this soon after the first (by the handler's monotonic clock) repeats the request.
    public static let repeatWindow: Duration = .seconds(1)

    /// The process's instance; ``install()`` creates it.
    public static let shared = TerminationSignals()

    private struct State {
        var policy: SignalPolicy?
        /// Signals received before a policy was adopted, in order, with their times (ns, monotonic).
        var queued: [(number: Int32, at: UInt64)] = []
        var received: (number: Int32, at: UInt64)?
        var waiters: [UInt64: CheckedContinuation<Int32?, Never>] = [:]
        var nextWaiter: UInt64 = 0
        var notices: [String] = []
        var report: (@Sendable (String) -> Void)?
    }

    private let state = Mutex(State())
    private let pipeEnds: (read: Int32, write: Int32)
    /// Set once in `init`; kept for the life of the process.
    nonisolated(unsafe) private let source: (any DispatchSourceRead)?

    /// Catches every signal in ``caught`` from now on, and unblocks them in case the parent left them blocked
    /// (a blocked SIGTERM would never reach the handler). Call it first thing in `main`; calling it again does
    /// nothing.
    public static func install() {
        _ = shared
    }

    private init() {
        let ends: (read: Int32, write: Int32)
        do {
            let pipe = try Pipe(nonBlocking: true)
            // Open for the life of the process: the handler may write at any moment.
            ends = (pipe.readEnd.release(), pipe.writeEnd.release())
        } catch {
            pipeEnds = (-1, -1)
            source = nil
            return
        }
        pipeEnds = ends
        signalPipeWriteEnd.store(ends.write, ordering: .releasing)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in Self.caught {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let saved = errno
                // One record, 9 bytes: writes below PIPE_BUF are atomic, so records never interleave.
                var time = timespec()
                clock_gettime(CLOCK_MONOTONIC, &time)
                var record = (UInt8(truncatingIfNeeded: number), UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec))
                var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0)
                bytes.0 = record.0
                withUnsafeBytes(of: &record.1) { raw in
                    withUnsafeMutableBytes(of: &bytes) { out in
                        for index in 0..<8 { out[index + 1] = raw[index] }
                    }
                }
                _ = write(signalPipeWriteEnd.load(ordering: .acquiring), &bytes, 9)
                errno = saved
            }
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_RESTART
            sigaction(number, &action, nil)
            sigaddset(&unblock, number)
        }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        let source = DispatchSource.makeReadSource(
            fileDescriptor: ends.read, queue: DispatchQueue(label: "breeze-station.signals"))
        self.source = source
        source.setEventHandler { [weak self] in self?.drain() }
        source.resume()
    }

    /// Says what the caught signals mean to the running command; signals already received are handled by it
    /// now. The first call wins (one command per process).
    public func adopt(_ policy: SignalPolicy) {
        let queued = state.withLock { state -> [(number: Int32, at: UInt64)] in
            guard state.policy == nil else { return [] }
            state.policy = policy
            defer { state.queued = [] }
            return state.queued
        }
        for record in queued { handle(record.number, at: record.at) }
    }

    /// Where notices go (an ignored signal, a repeated one): the command's log. Notices from before are
    /// handed over now.
    public func report(to sink: @escaping @Sendable (String) -> Void) {
        let earlier = state.withLock { state -> [String] in
            state.report = sink
            defer { state.notices = [] }
            return state.notices
        }
        for notice in earlier { sink(notice) }
    }

    /// The stop signal received so far, if any.
    public var received: Int32? { state.withLock { $0.received?.number } }

    /// Waits for the first stop signal (at once if one came already); nil when the waiting task is cancelled.
    public func wait() async -> Int32? {
        let key = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Int32?, Never>) in
                let immediate: Int32?? = state.withLock { state in
                    if let received = state.received { return .some(received.number) }
                    if Task.isCancelled { return .some(nil) }
                    state.waiters[key] = continuation
                    return .none
                }
                if let immediate { continuation.resume(returning: immediate) }
            }
        } onCancel: {
            let waiter = state.withLock { $0.waiters.removeValue(forKey: key) }
            waiter?.resume(returning: nil)
        }
    }

    /// Reads the records the handler wrote (whole ones: the pipe holds multiples of 9 bytes).
    private func drain() {
        var bytes = [UInt8](repeating: 0, count: 9 * 16)
        let count = read(pipeEnds.read, &bytes, bytes.count)
        guard count >= 9 else { return }
        for start in stride(from: 0, to: count - 8, by: 9) {
            var time: UInt64 = 0
            withUnsafeMutableBytes(of: &time) { out in
                for index in 0..<8 { out[index] = bytes[start + 1 + index] }
            }
            handle(Int32(bytes[start]), at: time)
        }
    }

    private enum Action {
        case none
        case stop([CheckedContinuation<Int32?, Never>])
        case notice(String)
        case defaultAction(String?)
    }

    private func handle(_ number: Int32, at time: UInt64) {
        let action = state.withLock { state -> Action in
            guard let policy = state.policy else {
                state.queued.append((number, time))
                return .none
            }
            if policy.ignored.contains(number) {
                return .notice("\(Self.name(number)) received and ignored (\(policy.ignoredNote))")
            }
            guard policy.stop.contains(number) else { return .defaultAction(nil) }
            guard let first = state.received else {
                state.received = (number, time)
                defer { state.waiters = [:] }
                return .stop(Array(state.waiters.values))
            }
            let window = UInt64(Self.repeatWindow.components.seconds) * 1_000_000_000
            if time &- first.at < window {
                return .notice("\(Self.name(number)) again within 1 s of \(Self.name(first.number)): the same request, the shutdown goes on")
            }
            return .defaultAction("\(Self.name(number)) again during the shutdown: stopping at once")
        }
        switch action {
        case .none:
            return
        case .stop(let waiters):
            for waiter in waiters { waiter.resume(returning: number) }
        case .notice(let text):
            deliver(text)
        case .defaultAction(let text):
            if let text { deliver(text) }
            signal(number, SIG_DFL)
            // To the process, not this thread: Dispatch's worker threads block signals, so raise() here would
            // leave it pending; a thread that does not block it takes the default action (the end).
            kill(getpid(), number)
        }
    }

    private func deliver(_ notice: String) {
        let sink = state.withLock { state -> (@Sendable (String) -> Void)? in
            if state.report == nil { state.notices.append(notice) }
            return state.report
        }
        sink?(notice)
    }

    /// `SIGINT`, `SIGTERM`, ... or the number.
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGQUIT: "SIGQUIT"
        case SIGHUP: "SIGHUP"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(number)"
        }
    }
}
