import POSIX

/// Runs a blocking call (a socket read, a process wait, a polling loop) on a thread of its own and awaits its
/// result, so that it never holds one of the cooperative pool's threads (two on a 2-core machine: two
/// blocked tests would stall every other test's tasks and timers).
public func offPool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await DedicatedThread.run(name: "offPool") { Result { try body() } }.get()
}
