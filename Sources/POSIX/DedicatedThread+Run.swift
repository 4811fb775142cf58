extension DedicatedThread {
    /// Runs `body` on a new thread of its own and awaits its result: for a blocking call (an `fsync`, a file
    /// rewritten atomically) that must not hold one of the few threads of Swift's cooperative pool (four on a
    /// Pi, two on a 2-core machine) while the kernel writes back.
    ///
    /// When no thread can be started (`EAGAIN`), `body` runs on the caller's thread: late rather than never.
    ///
    /// - Parameter name: what the thread serves (at most 15 bytes are kept).
    public static func run<T: Sendable>(name: String, _ body: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            let job: @Sendable () -> Void = { continuation.resume(returning: body()) }
            do {
                try detach(name: name, job)
            } catch {
                job()
            }
        }
    }
}
