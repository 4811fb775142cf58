#if canImport(Glibc)
    import Glibc
#endif

/// Wakes the render thread out of a long wait when the state changes or the station stops: a pthread
/// condition variable on `CLOCK_MONOTONIC`.
///
/// `@unchecked Sendable` because pthread mutexes and condition variables are made to be shared between
/// threads; they live at fixed addresses allocated here and freed in `deinit`.
final class ThreadWakeup: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

    init() {
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Wakes every waiter. Call it after changing what `keepWaiting` reads.
    func notify() {
        pthread_mutex_lock(mutex)
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    /// Waits until `deadline` (``MonotonicClock`` nanoseconds) while `keepWaiting` holds; it is checked under
    /// the wakeup's lock, so a ``notify()`` after the change cannot be missed.
    func wait(until deadline: Int64, while keepWaiting: () -> Bool) {
        pthread_mutex_lock(mutex)
        var time = MonotonicClock.timespecFor(deadline)
        while keepWaiting(), MonotonicClock.now() < deadline {
            _ = pthread_cond_timedwait(condition, mutex, &time)
        }
        pthread_mutex_unlock(mutex)
    }
}
