public import Testing

/// Runs each test case under a ``DedicatedThreadExecutor`` of its own, off Swift's cooperative pool: for tests
/// that block a thread for long (synchronous socket loops, process waits, heavy SQLite work), so that they do
/// not starve the other suites running in parallel. On a suite it applies to every test in it.
public struct DedicatedThreadTrait: TestTrait, SuiteTrait, TestScoping {
    public var isRecursive: Bool { true }

    public func scopeProvider(for test: Test, testCase: Test.Case?) -> Self? {
        // Each test case on its own thread; a suite itself needs none.
        testCase == nil ? nil : self
    }

    public func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let executor = DedicatedThreadExecutor(name: "test-thread")
        defer { executor.finish() }
        try await withTaskExecutorPreference(executor) { try await function() }
    }
}

extension Trait where Self == DedicatedThreadTrait {
    /// The test (or every test of the suite) runs on a thread of its own, off the cooperative pool.
    public static var dedicatedThread: Self { DedicatedThreadTrait() }
}
