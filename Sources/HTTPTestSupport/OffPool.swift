#if canImport(Glibc)
    import Glibc
#endif

/// Runs a blocking call (a socket read, a process wait, a polling loop) on a thread of its own and awaits its
/// result, so that it never holds one of the cooperative pool's threads (two on a 2-core machine: two
/// blocked tests would stall every other test's tasks and timers).
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
        let job = OffPoolJob { continuation.resume(with: Result { try body() }) }
        let context = Unmanaged.passRetained(job).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { context in
            guard let context else { return nil }
            Unmanaged<OffPoolJob>.fromOpaque(context).takeRetainedValue().run()
            return nil
        }, context)
        if status == 0 {
            pthread_detach(thread)
        } else {
            // No thread to be had: run it here rather than never.
            Unmanaged<OffPoolJob>.fromOpaque(context).takeRetainedValue().run()
        }
    }
}

/// The work `offPool` hands its thread through pthread_create's `void *`.
private final class OffPoolJob: @unchecked Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
