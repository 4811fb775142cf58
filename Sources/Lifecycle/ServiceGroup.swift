public import Clocks
public import Diagnostics
import FoundationEssentials
import Synchronization

/// Runs services side by side, deals with one that fails as its ``Service/failurePolicy`` says (restart with
/// exponential backoff, end the station, or leave it stopped), and shuts all down when asked. A small take on
/// swift-service-lifecycle's ServiceGroup, which this project cannot depend on.
///
/// Shutdown has three phases, on real time whatever the group's clock (``ShutdownPolicy``):
/// 1. graceful: the services are stopped one at a time in reverse start order (each service's task is
///    cancelled, and it cleans up in its cancellation path), each awaited until the phase's deadline, so a
///    service started after another (and perhaps feeding it) has stopped before that one closes;
/// 2. cancellation: when a service overruns the graceful phase, every service not yet stopped is cancelled at
///    once and awaited a little longer;
/// 3. escalation: the services still running then are logged by name and left behind: ``run()`` returns, so
///    the process can exit (and systemd can start it again) rather than hang on one stuck part.
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

    /// How long each phase of the shutdown may take, in real time.
    public struct ShutdownPolicy: Sendable {
        /// The ordered stop, from the stop request.
        public var graceful: Duration
        /// The stop of everything left, after the graceful phase overran.
        public var cancellation: Duration

        /// A policy; the defaults leave a SIGTERM 200 ms of systemd's patience and the station's promise of 2 s.
        public init(graceful: Duration = .milliseconds(1500), cancellation: Duration = .milliseconds(300)) {
            self.graceful = graceful
            self.cancellation = cancellation
        }
    }

    /// Why the group stopped.
    public enum Cause: Sendable, Equatable {
        /// ``triggerShutdown()`` or cancellation of the task running the group.
        case requested
        /// A service whose policy is ``ServiceFailurePolicy/endStation`` failed (or returned) on its own.
        case serviceEnded(name: String, reason: String)
    }

    /// How the group ended: why, and which services were still running when ``run()`` gave up on them.
    public struct Ending: Sendable, Equatable {
        /// Why it stopped.
        public var cause: Cause
        /// The services that outlived the shutdown's phases, in the order they were stopped.
        public var overrunning: [String]
    }

    let services: [any Service]
    let logger: Logger
    private let clock: any StationClock
    private let policy: RestartPolicy
    let shutdownPolicy: ShutdownPolicy
    private let onShutdown: @Sendable (Cause) -> Void
    private let shutdown = Mutex<ShutdownState>(ShutdownState())
    private let restarts = Mutex<[String: Int]>([:])

    private struct ShutdownState {
        var cause: Cause?
        var waiter: CheckedContinuation<Void, Never>?
    }

    /// A group of `services`, in start order (they stop in the reverse order).
    /// - Parameter onShutdown: called once when the shutdown begins, before any service is stopped
    ///   (systemd's `STOPPING=1`).
    public init(
        services: [any Service], logger: Logger, clock: any StationClock, policy: RestartPolicy = RestartPolicy(),
        shutdown: ShutdownPolicy = ShutdownPolicy(), onShutdown: @escaping @Sendable (Cause) -> Void = { _ in }
    ) {
        self.services = services
        self.logger = logger
        self.clock = clock
        self.policy = policy
        shutdownPolicy = shutdown
        self.onShutdown = onShutdown
    }

    /// How many times each service has been restarted, by name.
    public var restartCounts: [String: Int] { restarts.withLock { $0 } }

    /// Asks every service to stop. Safe to call from any thread, more than once.
    public func triggerShutdown() {
        end(.requested)
    }

    /// Runs every service until shutdown is triggered, a service ends the station, or the calling task is
    /// cancelled; then stops them in reverse start order and returns how it ended.
    @discardableResult
    public func run() async -> Ending {
        let completions = ServiceCompletions()
        // Unstructured tasks, not a task group: a service that ignores its stop must not keep run() from
        // returning (phase 3).
        let supervisors = services.enumerated().map { index, service in
            Task {
                await self.supervise(service)
                completions.finish(index)
            }
        }
        await withTaskCancellationHandler {
            await waitForShutdown()
        } onCancel: {
            triggerShutdown()
        }
        let cause = shutdown.withLock { $0.cause } ?? .requested
        onShutdown(cause)
        logger.notice("shutting down \(services.count) services in reverse start order")
        // Its own task: the waits of the shutdown must hold even when the task running the group is cancelled.
        let overrunning = await Task { await self.stop(supervisors, completions: completions) }.value
        return Ending(cause: cause, overrunning: overrunning)
    }

    private func end(_ cause: Cause) {
        let waiter: CheckedContinuation<Void, Never>? = shutdown.withLock { state in
            if state.cause == nil { state.cause = cause }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    private func waitForShutdown() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumeNow = shutdown.withLock { state -> Bool in
                if state.cause != nil { return true }
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
            let failure: String
            let level: LogLevel
            do {
                try await service.run()
                if Task.isCancelled { return }
                (failure, level) = ("stopped on its own", .warning)
            } catch {
                if Task.isCancelled { return }
                (failure, level) = ("failed: \(error)", .error)
            }
            switch service.failurePolicy {
            case .ignore:
                logger.log(level, "service \(service.name) \(failure); left stopped (its failures are ignored)")
                return
            case .endStation:
                logger.error("service \(service.name) \(failure); the station cannot run without it and stops")
                end(.serviceEnded(name: service.name, reason: failure))
                return
            case .restart:
                logger.log(level, "service \(service.name) \(failure); restarting in \(Self.describe(delay))")
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

    static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return seconds < 1 ? "\(attoseconds / 1_000_000_000_000_000) ms" : "\(seconds) s"
    }
}
