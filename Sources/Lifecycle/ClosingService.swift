/// A service for something started before the group (the HTTP endpoint, an HTTP client's thread): it waits
/// for the stop request and then closes it, so that the close takes its turn in the group's reverse-order
/// shutdown instead of being done by hand after it.
public struct ClosingService: Service {
    public let name: String
    public let failurePolicy: ServiceFailurePolicy
    private let close: @Sendable () async -> Void

    /// A service named `name` that runs `close` when the group stops it.
    public init(name: String, failurePolicy: ServiceFailurePolicy = .restart, close: @escaping @Sendable () async -> Void) {
        self.name = name
        self.failurePolicy = failurePolicy
        self.close = close
    }

    /// Waits until cancelled, closes, and throws `CancellationError`.
    public func run() async throws {
        await waitUntilCancelled()
        await close()
        throw CancellationError()
    }
}
