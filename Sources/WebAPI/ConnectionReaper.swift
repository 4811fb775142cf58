import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A thread of its own (never the cooperative pool) that applies a ``ConnectionWatch``'s deadlines ten times a
/// second until stopped.
final class ConnectionReaper: Sendable {
    private let watch: ConnectionWatch
    private let stopped = Atomic<Bool>(false)
    /// Ends the thread's 100 ms wait at once on ``stop()``, so stopping never waits out a period (a server
    /// stopped from a task would otherwise hold a thread of the cooperative pool for up to 100 ms). Nil when
    /// no eventfd could be had: the thread then sleeps its periods out.
    private let wakeup: Wakeup?
    /// Set once in `init`, joined once in ``stop()``; nil when no thread could be started.
    nonisolated(unsafe) private var thread: DedicatedThread?

    init(watch: ConnectionWatch) {
        self.watch = watch
        wakeup = try? Wakeup()
        thread = try? DedicatedThread(name: "breeze-reaper") { [self] in
            while !stopped.load(ordering: .acquiring) {
                watch.enforce()
                if let wakeup { wakeup.wait(milliseconds: 100) } else { usleep(100_000) }
            }
        }
    }

    /// Stops the thread and waits for it (at once when it is waiting; else at most one `enforce()`).
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing), let thread else { return }
        wakeup?.signal()
        thread.join()
    }
}
