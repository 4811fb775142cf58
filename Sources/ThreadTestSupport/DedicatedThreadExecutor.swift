import Foundation
import POSIX

/// A task executor with a thread of its own: the jobs of a task that prefers it (and of its child tasks) run
/// there, one after the other, instead of on Swift's cooperative pool.
///
/// Tests that block (a socket read, a process wait, SQLite filling a year of minutes) would otherwise hold one
/// of the pool's threads, two on a 2-core machine, and starve every other suite's tasks and timers.
/// ``DedicatedThreadTrait`` runs a test under one of these. The thread ends after ``finish()`` once its queue
/// is empty; a job enqueued later (a task that outlived the test) starts a thread again, so none is lost.
public final class DedicatedThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let name: String
    private let condition = NSCondition()
    // Guarded by `condition`.
    private var jobs: [UnownedJob] = []
    private var threadRunning = false
    private var finished = false

    /// An executor whose thread is called `name` (at most 15 bytes are kept).
    public init(name: String) {
        self.name = name
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        let start = !threadRunning
        if start { threadRunning = true }
        condition.signal()
        condition.unlock()
        if start { startThread() }
    }

    /// Lets the thread end once it has run every job enqueued so far.
    public func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    private func startThread() {
        do {
            try DedicatedThread.detach(name: name) { self.drain() }
        } catch {
            // No thread to be had: the pool runs the jobs after all, rather than never.
            condition.lock()
            let pending = jobs
            jobs = []
            threadRunning = false
            condition.unlock()
            for job in pending { globalConcurrentExecutor.enqueue(ExecutorJob(job)) }
        }
    }

    private func drain() {
        let executor = asUnownedTaskExecutor()
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                threadRunning = false
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: executor)
        }
    }
}
