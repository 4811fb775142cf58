import CPOSIX
import Synchronization

#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#endif

/// A POSIX thread of the station's own, for blocking work that must never hold one of Swift's cooperative
/// threads (a `poll` on a quiet serial port, software PWM, libcurl's and libmosquitto's network loops).
///
/// Every such thread starts with the same signal mask, ``blockedSignals``: every signal blocked except those
/// the CPU raises for a fault. It does not inherit whatever the creating thread had blocked, and the stop
/// signals are never delivered to it, so they reach the thread that waits for them and do not interrupt its
/// blocking calls (`TerminationSignals` catches them; Dispatch's threads block them likewise). The mask is
/// set before the thread exists (the creator swaps its own mask around `pthread_create`), so there is no
/// moment in which the new thread takes a signal.
///
/// ```swift
/// try DedicatedThread.detach(name: "breeze-mqtt") { session.run() }      // ends on its own
/// let thread = try DedicatedThread(name: "breeze-leds") { renderer.run() }
/// thread.join()                                                           // waits for it to end
/// ```
public final class DedicatedThread: Sendable {
    /// The signals the thread blocks: all of them except `SIGSEGV`, `SIGBUS`, `SIGFPE`, `SIGILL`, `SIGTRAP`
    /// and `SIGSYS`, which a fault in the thread itself raises (blocking them is undefined behaviour).
    public static var blockedSignals: sigset_t {
        var set = sigset_t()
        sigfillset(&set)
        for fault in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS] { sigdelset(&set, fault) }
        return set
    }

    private let handle: pthread_t
    /// Joined (or detached by `deinit`) once.
    private let joined = Atomic<Bool>(false)

    /// Starts `body` on a new joinable thread; ``join()`` waits for it to end. A thread never joined is
    /// detached when this value goes away, so its resources are freed when it ends.
    ///
    /// - Parameter name: what the thread serves, shown by `top -H` and debuggers (at most 15 bytes are kept).
    /// - Throws: ``SystemError`` of `pthread_create` (`EAGAIN`: the process or system is out of threads).
    public init(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
        handle = try Self.spawn(name: name, body)
    }

    deinit {
        if !joined.exchange(true, ordering: .acquiringAndReleasing) { pthread_detach(handle) }
    }

    /// Waits until the thread's body has returned. Only the first call waits; later ones, and a call from
    /// the thread itself (which would deadlock), return at once.
    public func join() {
        guard pthread_equal(handle, pthread_self()) == 0,
            !joined.exchange(true, ordering: .acquiringAndReleasing)
        else { return }
        pthread_join(handle, nil)
    }

    /// Starts `body` on a new detached thread, which ends when `body` returns.
    ///
    /// - Parameter name: what the thread serves (at most 15 bytes are kept).
    /// - Throws: ``SystemError`` of `pthread_create` (`EAGAIN`: the process or system is out of threads).
    public static func detach(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError) {
        pthread_detach(try spawn(name: name, body))
    }

    private static func spawn(name: String, _ body: @escaping @Sendable () -> Void) throws(SystemError)
        -> pthread_t
    {
        let context = Unmanaged.passRetained(ThreadStart(name: name, body: body)).toOpaque()
        var clean = blockedSignals
        var previous = sigset_t()
        pthread_sigmask(SIG_SETMASK, &clean, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        do {
            try SystemCall.check("pthread_create(\(name))") {
                pthread_create(&thread, nil, { raw in
                    guard let raw else { return nil }
                    let start = Unmanaged<ThreadStart>.fromOpaque(raw).takeRetainedValue()
                    _ = pthread_setname_np(pthread_self(), String(start.name.utf8.prefix(15)) ?? "breeze")
                    start.body()
                    return nil
                }, context)
            }
        } catch {
            Unmanaged<ThreadStart>.fromOpaque(context).release()
            throw error
        }
        return thread
    }
}

/// What a new thread runs, handed to it through `pthread_create`'s `void *`.
private final class ThreadStart: Sendable {
    let name: String
    let body: @Sendable () -> Void
    init(name: String, body: @escaping @Sendable () -> Void) {
        self.name = name
        self.body = body
    }
}
