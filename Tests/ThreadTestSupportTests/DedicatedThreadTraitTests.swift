import Foundation
import Testing
import ThreadTestSupport

/// The name of the thread running the caller (Linux: /proc/thread-self/comm).
func currentThreadName() -> String {
    let name = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
    return name.trimmingCharacters(in: .whitespacesAndNewlines)
}

@Suite("A test on a thread of its own")
struct DedicatedThreadTraitTests {
    @Test("without the trait, a test runs on the pool")
    func poolByDefault() async {
        #expect(currentThreadName() != "test-thread")
    }

    @Test("a synchronous test with the trait runs on its dedicated thread", .dedicatedThread)
    func synchronousBody() {
        #expect(currentThreadName() == "test-thread")
    }

    @Test("an async test with the trait, and its child tasks, run there too", .dedicatedThread)
    func asyncBodyAndChildren() async {
        #expect(currentThreadName() == "test-thread")
        try? await Task.sleep(for: .milliseconds(5))
        #expect(currentThreadName() == "test-thread")
        let child = await withTaskGroup(of: String.self) { group in
            group.addTask { currentThreadName() }
            return await group.next() ?? ""
        }
        #expect(child == "test-thread")
    }

    @Test("a job enqueued after finish() still runs, on a thread started again")
    func lateJob() async {
        let executor = DedicatedThreadExecutor(name: "late-thread")
        let first = await Task(executorPreference: executor) { currentThreadName() }.value
        executor.finish()
        try? await Task.sleep(for: .milliseconds(20))
        let late = await Task(executorPreference: executor) { currentThreadName() }.value
        #expect(first == "late-thread")
        #expect(late == "late-thread")
    }
}
