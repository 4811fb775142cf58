import Synchronization
import Testing

@testable import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// How many SIGURGs the test handler saw (a handler captures nothing; an atomic is async-signal-safe).
private let interruptions = Atomic<Int>(0)

@Suite("System calls")
struct SystemCallTests {
    @Test func systemCallsRetryEINTRAndNameTheCall() {
        var calls = 0
        let result = try? SystemCall.run("fake") { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7 && calls == 3)
        #expect(throws: SystemError(call: "fake(/x)", code: EBADF)) {
            try SystemCall.run("fake(/x)") { () -> Int32 in
                errno = EBADF
                return -1
            }
        }
    }

    @Test func anInterruptionIsAnErrorWhenRetryingIsOff() {
        #expect(throws: SystemError(call: "fake", code: EINTR)) {
            try SystemCall.run("fake", retryOnInterrupt: false) { () -> Int32 in
                errno = EINTR
                return -1
            }
        }
    }

    @Test func errorNumberResultsAreCheckedAndRetried() throws {
        var calls = 0
        try SystemCall.check("fake") { () -> Int32 in
            calls += 1
            return calls < 2 ? EINTR : 0
        }
        #expect(calls == 2)
        #expect(throws: SystemError(call: "pthread_fake", code: EAGAIN)) {
            try SystemCall.check("pthread_fake") { EAGAIN }
        }
    }

    /// A real `read(2)` on a pipe, blocked on a thread that takes SIGURG with a handler installed without
    /// `SA_RESTART`: the signal makes the read fail with EINTR, the wrapper reads again, and the byte
    /// written afterwards arrives.
    @Test func aSignalDuringABlockingReadIsRetried() async throws {
        let pipe = try Pipe(nonBlocking: false)
        let readOwner = pipe.readEnd
        let writeOwner = pipe.writeEnd
        let readEnd = readOwner.rawValue
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in interruptions.add(1, ordering: .relaxed) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGURG, &action, &previous)
        defer { sigaction(SIGURG, &previous, nil) }

        let attempts = Atomic<Int>(0)
        let reader = Mutex<pthread_t?>(nil)
        let outcome = Mutex<Result<UInt8, SystemError>?>(nil)
        let thread = try DedicatedThread(name: "eintr-test") {
            // The dedicated thread blocks every signal; this one takes SIGURG to be interrupted.
            var urg = sigset_t()
            sigemptyset(&urg)
            sigaddset(&urg, SIGURG)
            pthread_sigmask(SIG_UNBLOCK, &urg, nil)
            reader.withLock { $0 = pthread_self() }
            var byte: UInt8 = 0
            let result = Result { () throws(SystemError) -> UInt8 in
                try SystemCall.run("read(pipe)") { () -> Int in
                    attempts.add(1, ordering: .relaxed)
                    return read(readEnd, &byte, 1)
                }
                return byte
            }
            outcome.withLock { $0 = result }
        }
        // Signal the reader until its read has been interrupted and started again (attempt 2 is the retry).
        // The bound is generous: on a loaded 2-core machine a new thread can wait long to be scheduled.
        let deadline = ContinuousClock.now + .seconds(300)
        while attempts.load(ordering: .relaxed) < 2, ContinuousClock.now < deadline {
            if attempts.load(ordering: .relaxed) == 1, let target = reader.withLock({ $0 }) {
                pthread_kill(target, SIGURG)
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        try writeOwner.write(all: [42])
        thread.join()
        try writeOwner.close()
        try readOwner.close()
        let reads = attempts.load(ordering: .relaxed)
        let signals = interruptions.load(ordering: .relaxed)
        #expect(reads >= 2)
        #expect(signals >= 1)
        #expect(try outcome.withLock { $0 }?.get() == 42)
    }

    @Test func writeAllAndReadToEndMoveEveryByteThroughAPipe() throws {
        let pipe = try Pipe(nonBlocking: false)
        let bytes = (0..<40_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        let readEnd = pipe.readEnd
        let writeEnd = pipe.writeEnd
        // 40 kB is less than a pipe's 64 KiB buffer, so the write completes before anything reads it.
        try writeEnd.write(all: bytes)
        try writeEnd.close()
        let (read, complete) = try readEnd.readToEnd()
        #expect(complete)
        #expect(read == bytes)
    }

    @Test func readToEndStopsAtTheLimit() throws {
        for (written, expected, complete) in [([1, 2, 3, 4, 5], [1, 2, 3], false), ([1, 2, 3], [1, 2, 3], true)]
            as [([UInt8], [UInt8], Bool)]
        {
            let pipe = try Pipe(nonBlocking: false)
            let readEnd = pipe.readEnd
            let writeEnd = pipe.writeEnd
            try writeEnd.write(all: written)
            try writeEnd.close()
            let limited = try readEnd.readToEnd(limit: 3)
            #expect(limited.bytes == expected && limited.complete == complete, "\(written)")
        }
    }

    @Test func aFailedWriteNamesTheCall() throws {
        let pipe = try Pipe(nonBlocking: false)
        let readEnd = pipe.readEnd
        let writeEndOwner = pipe.writeEnd
        try readEnd.close()
        // SIGPIPE is blocked on a dedicated thread, so the write fails with EPIPE instead of ending the test.
        let outcome = Mutex<SystemError?>(nil)
        let writeEnd = writeEndOwner.rawValue
        let thread = try DedicatedThread(name: "epipe-test") {
            do throws(SystemError) {
                try SystemCall.writeAll(writeEnd, [1], call: "write(closed pipe)")
            } catch {
                outcome.withLock { $0 = error }
            }
        }
        thread.join()
        try writeEndOwner.close()
        #expect(outcome.withLock { $0 } == SystemError(call: "write(closed pipe)", code: EPIPE))
    }
}
