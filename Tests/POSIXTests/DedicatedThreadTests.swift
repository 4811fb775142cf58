import Foundation
import Synchronization
import Testing

@testable import POSIX

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Dedicated threads")
struct DedicatedThreadTests {
    /// The signal mask a dedicated thread runs with, read back inside it with pthread_sigmask, while the
    /// creating thread has a different mask of its own (nothing blocked): the new thread does not inherit it.
    @Test func aThreadStartsWithEveryAsynchronousSignalBlocked() throws {
        let seen = Mutex<[Int32: Bool]>([:])
        let checked = [SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGUSR1, SIGUSR2, SIGPIPE, SIGCHLD, SIGALRM, SIGURG,
                       SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS]
        let body: @Sendable () -> Void = {
            var current = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &current)
            seen.withLock { seen in
                for number in checked { seen[number] = sigismember(&current, number) == 1 }
            }
        }
        try Self.withCreatorMaskEmpty {
            let thread = try DedicatedThread(name: "mask-test", body)
            thread.join()
        }
        let blocked = seen.withLock { $0 }
        for number in [SIGINT, SIGTERM, SIGQUIT, SIGHUP, SIGUSR1, SIGUSR2, SIGPIPE, SIGCHLD, SIGALRM, SIGURG] {
            #expect(blocked[number] == true, "signal \(number) is blocked")
        }
        for number in [SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGTRAP, SIGSYS] {
            #expect(blocked[number] == false, "fault signal \(number) is not blocked")
        }
    }

    @Test func theCreatorKeepsItsOwnMask() throws {
        try Self.withCreatorMaskEmpty {
            try DedicatedThread(name: "mask-test") {}.join()
            var current = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &current)
            #expect(sigismember(&current, SIGTERM) == 0)
        }
    }

    @Test func aDetachedThreadRunsAndIsNamed() async throws {
        let name = Mutex<String?>(nil)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            do {
                try DedicatedThread.detach(name: "breeze-a-long-thread-name") {
                    let comm = try? FileDescriptor(opening: "/proc/thread-self/comm", O_RDONLY).readToEnd().bytes
                    name.withLock { $0 = comm.map { String(decoding: $0, as: UTF8.self) } }
                    done.resume()
                }
            } catch {
                Issue.record("\(error)")
                done.resume()
            }
        }
        // Linux keeps 15 bytes of a thread's name.
        #expect(name.withLock { $0 } == "breeze-a-long-t\n")
    }

    @Test func joinWaitsForTheBodyAndOnlyTheFirstJoinWaits() throws {
        let finished = Atomic<Bool>(false)
        let thread = try DedicatedThread(name: "join-test") {
            usleep(50_000)
            finished.store(true, ordering: .releasing)
        }
        thread.join()
        let hasFinished = finished.load(ordering: .acquiring)
        #expect(hasFinished)
        thread.join()
    }

    /// Runs `body` on a thread of its own whose mask is empty, so the test does not depend on the mask of the
    /// test runner's thread.
    private static func withCreatorMaskEmpty(_ body: @escaping @Sendable () throws -> Void) throws {
        let failure = Mutex<(any Error)?>(nil)
        let outer = try DedicatedThread(name: "creator") {
            var empty = sigset_t()
            sigemptyset(&empty)
            pthread_sigmask(SIG_SETMASK, &empty, nil)
            do { try body() } catch { failure.withLock { $0 = error } }
        }
        outer.join()
        if let error = failure.withLock({ $0 }) { throw error }
    }
}

@Suite("DedicatedThread.run")
struct DedicatedThreadRunTests {
    @Test("the body runs on a thread of its own, named, and its result comes back to the awaiting task")
    func runsOffThePool() async {
        let seen = await DedicatedThread.run(name: "breeze-run-test") { () -> String in
            let comm = try? FileDescriptor(opening: "/proc/thread-self/comm", O_RDONLY).readToEnd().bytes
            return String(decoding: comm ?? [], as: UTF8.self).trimmingCharacters(in: .newlines)
        }
        #expect(seen == "breeze-run-test")
    }
}
