#if canImport(Glibc)
    import Glibc
#endif

/// Starts a detached POSIX thread that runs `body` once.
///
/// Blocking C calls (here `curl_multi_poll`) must never run on Swift's cooperative pool; a thread of our own
/// is the simplest place for them. The closure is handed to the thread through the `void *` argument.
enum DedicatedThread {
    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts the thread; returns false when the system refused to create one.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            let body = Unmanaged<Body>.fromOpaque(raw).takeRetainedValue()
            body.run()
            return nil
        }, context)
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return false
        }
        pthread_detach(thread)
        return true
    }
}
