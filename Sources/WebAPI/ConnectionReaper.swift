import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A thread of its own (never the cooperative pool) that applies a ``ConnectionWatch``'s deadlines ten times a
/// second until stopped.
final class ConnectionReaper: Sendable {
    private let watch: ConnectionWatch
    private let stopped = Atomic<Bool>(false)
    /// Set once in `init`, joined once in ``stop()``.
    nonisolated(unsafe) private var thread: pthread_t?

    init(watch: ConnectionWatch) {
        self.watch = watch
        var created = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let status = pthread_create(&created, nil, { context in
            guard let context else { return nil }
            let reaper = Unmanaged<ConnectionReaper>.fromOpaque(context).takeRetainedValue()
            while !reaper.stopped.load(ordering: .acquiring) {
                reaper.watch.enforce()
                usleep(100_000)
            }
            return nil
        }, context)
        if status == 0 {
            thread = created
        } else {
            Unmanaged<ConnectionReaper>.fromOpaque(context).release()
            thread = nil
        }
    }

    /// Stops the thread and waits for it (at most one period).
    func stop() {
        guard !stopped.exchange(true, ordering: .acquiringAndReleasing), let thread else { return }
        pthread_join(thread, nil)
    }
}
