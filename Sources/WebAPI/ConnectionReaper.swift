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
    /// Set once in `init`, joined once in ``stop()``; nil when no thread could be started.
    nonisolated(unsafe) private var thread: DedicatedThread?

    init(watch: ConnectionWatch) {
        self.watch = watch
        thread = try? DedicatedThread(name: "breeze-reaper") { [self] in
            while !stopped.load(ordering: .acquiring) {
                watch.enforce()
                usleep(100_000)
            }
        }
    }

    /// Stops the thread and waits for it (at most one period).
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing), let thread else { return }
        thread.join()
    }
}
