#if canImport(Glibc)
    import Glibc
#endif

/// Unix signals as an async sequence, without running any Swift code in a signal handler.
///
/// The signals are blocked (``block(_:)``, first thing in `main`, so every thread created later inherits the
/// mask) and a dedicated thread takes them with `sigwait(3)`. A blocked signal stays pending for that
/// thread instead of being discarded or killing the process, whichever thread the kernel picks.
public enum ProcessSignals {
    /// Blocks `signals` in the calling thread; threads created afterwards inherit the mask. Call it before
    /// anything starts a thread.
    public static func block(_ signals: [Int32]) {
        var set = signalSet(signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
    }

    /// A stream of the given (blocked) signals' numbers as they arrive, read by a dedicated thread.
    public static func stream(_ signals: [Int32]) -> AsyncStream<Int32> {
        let (stream, continuation) = AsyncStream<Int32>.makeStream()
        let context = Unmanaged.passRetained(SignalWaiter(set: signalSet(signals), continuation: continuation))
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let waiter = Unmanaged<SignalWaiter>.fromOpaque(raw).takeRetainedValue()
            waiter.loop()
            return nil
        }, context.toOpaque())
        if created == 0 {
            pthread_detach(thread)
        } else {
            context.release()
            continuation.finish()
        }
        return stream
    }

    /// The signal's conventional name, e.g. "SIGTERM".
    public static func name(_ number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        case SIGQUIT: "SIGQUIT"
        case SIGUSR1: "SIGUSR1"
        case SIGUSR2: "SIGUSR2"
        default: "signal \(number)"
        }
    }

    static func signalSet(_ signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in signals { sigaddset(&set, number) }
        return set
    }
}

/// The state of the waiting thread. Used by that one thread only after creation.
private final class SignalWaiter: @unchecked Sendable {
    private var set: sigset_t
    private let continuation: AsyncStream<Int32>.Continuation

    init(set: sigset_t, continuation: AsyncStream<Int32>.Continuation) {
        self.set = set
        self.continuation = continuation
    }

    func loop() {
        // Block the set here too, in case the creator had not blocked it process-wide.
        pthread_sigmask(SIG_BLOCK, &set, nil)
        while true {
            var number: Int32 = 0
            let result = sigwait(&set, &number)
            if result != 0 { continue }
            if case .terminated = continuation.yield(number) { return }
        }
    }
}
