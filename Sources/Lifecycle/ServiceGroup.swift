public import Clocks
public import Diagnostics
import FoundationEssentials
import Synchronization

/// Runs services side by side, restarts one that fails (with exponential backoff), and shuts all down
/// together when asked. A small take on swift-service-lifecycle's ServiceGroup, which this project cannot
/// depend on.
///
/// Shutdown cancels every service task; each cleans up in its own cancellation path. ``run()`` returns
/// when all have returned.
public final class ServiceGroup: Sendable {
    /// How a failed service is restarted.
    public struct RestartPolicy: Sendable {
        /// Delay before the first restart.
        public var initialDelay: Duration
        /// Largest delay between restarts.
        public var maximumDelay: Duration
        /// A service that ran at least this long before failing starts again from `initialDelay`.
        public var resetAfter: Duration

        /// A policy.
        public init(initialDelay: Duration = .seconds(1), maximumDelay: Duration = .seconds(60),
                    resetAfter: Duration = .seconds(300)) {
            self.initialDelay = initialDelay
            self.maximumDelay = maximumDelay
            self.resetAfter = resetAfter
        }
    }

    private let services: [any Service]
    private let logger: Logger
    private let clock: any StationClock
    private let policy: RestartPolicy
    private let shutdown = Mutex<ShutdownState>(ShutdownState())
    private let restarts = Mutex<[String: Int]>([:])

    private struct ShutdownState {
        var requested = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// A group of `services`.
    public init(services: [any Service], logger: Logger, clock: any StationClock, policy: RestartPolicy = RestartPolicy()) {
        self.services = services
        self.logger = logger
        self.clock = clock
        self.policy = policy
    }

    /// How many times each service has been restarted, by name.
    public var restartCounts: [String: Int] { restarts.withLock { $0 } }

    /// Asks every service to stop. Safe to call from any thread, more than once.
    public func triggerShutdown() {
        let waiter: CheckedContinuation<Void, Never>? = shutdown.withLock { state in
            state.requested = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Runs every service until shutdown is triggered (or the calling task is cancelled), then waits for
    /// all of them to return.
    public func run() async {
        await withTaskGroup(of: Void.self) { group in
            for service in services {
                group.addTask { await self.supervise(service) }
            }
            await withTaskCancellationHandler {
                await waitForShutdown()
            } onCancel: {
                triggerShutdown()
            }
            logger.notice("shutting down \(services.count) services")
            group.cancelAll()
            await group.waitForAll()
        }
    }

    private func waitForShutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = shutdown.withLock { state -> Bool in
                if state.requested { return true }
                state.waiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    private func supervise(_ service: any Service) async {
        var delay = policy.initialDelay
        while !Task.isCancelled {
            let started = clock.now
            do {
                try await service.run()
                if Task.isCancelled { return }
                logger.warning("service \(service.name) stopped on its own; restarting in \(Self.describe(delay))")
            } catch {
                if Task.isCancelled { return }
                logger.error("service \(service.name) failed: \(error); restarting in \(Self.describe(delay))")
            }
            restarts.withLock { $0[service.name, default: 0] += 1 }
            if clock.now.timeIntervalSince(started) >= policy.resetAfter.timeInterval {
                delay = policy.initialDelay
            }
            do {
                try await clock.sleep(for: delay)
            } catch {
                return
            }
            delay = min(delay * 2, policy.maximumDelay)
        }
    }

    private static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return seconds < 1 ? "\(attoseconds / 1_000_000_000_000_000) ms" : "\(seconds) s"
    }
}
