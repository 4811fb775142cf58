import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A thread of its own (never the cooperative pool) that applies a ``ConnectionWatch``'s deadlines until
/// stopped: it sleeps until the earliest deadline, or, with no connection waiting, until the watch wakes it.
final class ConnectionReaper: Sendable {
    private let watch: ConnectionWatch
    private let stopped = Atomic<Bool>(false)
    /// Set once in `init`, joined once in ``stop()``; nil when no thread could be started.
    nonisolated(unsafe) private var thread: DedicatedThread?

    init(watch: ConnectionWatch) {
        self.watch = watch
        thread = try? DedicatedThread(name: "breeze-reaper") { [self] in
            while !stopped.load(ordering: .acquiring) {
                let next = watch.enforce()
                guard let wakeup = watch.reaperWakeup else {
                    usleep(100_000)
                    continue
                }
                wakeup.wait(milliseconds: next.map(Self.milliseconds(until:)))
            }
        }
    }

    /// Stops the thread and waits for it (at once when it is waiting; else at most one `enforce()`).
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing), let thread else { return }
        watch.reaperWakeup?.signal()
        thread.join()
    }

    /// poll(2)'s timeout to `deadline`, rounded up so the thread wakes at or after it, not a millisecond
    /// short with nothing to do.
    private static func milliseconds(until deadline: Double) -> Int32 {
        let remaining = ((deadline - ConnectionWatch.now()) * 1000).rounded(.up) + 1
        return Int32(min(max(remaining, 0), Double(Int32.max)))
    }
}
