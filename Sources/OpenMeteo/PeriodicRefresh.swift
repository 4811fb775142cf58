import AirQuality
import CheckedConversions
public import Clocks
public import Diagnostics
public import FoundationEssentials
import Synchronization

/// The last value of a periodic fetch, with its age and the last error.
///
/// The value survives failed refreshes: offline, the station keeps serving the last reading, marked with
/// its age and the error, until a refresh succeeds.
public struct CachedValue<Value: Sendable>: Sendable {
    /// The last value fetched successfully.
    public var value: Value?
    /// When ``value`` was fetched.
    public var fetchedAt: Date?
    /// When the last attempt ended.
    public var lastAttemptAt: Date?
    /// Why the last attempt failed; nil after a success.
    public var error: String?
    /// Failed attempts since the last success.
    public var consecutiveFailures: Int

    /// Nothing fetched yet.
    public init() {
        value = nil
        fetchedAt = nil
        lastAttemptAt = nil
        error = nil
        consecutiveFailures = 0
    }

    /// Seconds since ``value`` was fetched.
    public func age(at now: Date) -> Double? { fetchedAt.map { max(0, now.timeIntervalSince($0)) } }
}

/// A value fetched on an interval and cached: the current air quality, the cities, pollen, humidity.
///
/// `run` refreshes at once, then every `interval` (never more often than once a minute); after a failure
/// it tries again sooner — 1, 2, 4 ... minutes, up to the interval — keeping the last good value. Readers
/// on any thread (HTTP handlers) take ``current`` without waiting; nothing here blocks them.
public final class PeriodicRefresh<Value: Sendable>: Sendable {
    /// The shortest interval accepted: Open-Meteo's model data change hourly, and its free tier is shared.
    public static var minimumInterval: Duration { .seconds(60) }

    /// What is fetched, for the log (`air quality`, `cities`, ...).
    public let name: String
    /// Time between successful refreshes.
    public let interval: Duration
    private let clock: any StationClock
    private let logger: Logger
    private let fetch: @Sendable () async throws -> Value
    private let state = Mutex(CachedValue<Value>())

    /// A refresh of `fetch` every `interval` (raised to ``minimumInterval``).
    public init(
        name: String, interval: Duration, clock: any StationClock, logger: Logger,
        fetch: @escaping @Sendable () async throws -> Value
    ) {
        self.name = name
        self.interval = max(interval, Self.minimumInterval)
        self.clock = clock
        self.logger = logger
        self.fetch = fetch
    }

    /// The cached value, its age and the last error.
    public var current: CachedValue<Value> { state.withLock { $0 } }

    /// Fetches once now and returns the updated cache. A cancelled fetch changes nothing.
    @discardableResult
    public func refresh() async -> CachedValue<Value> {
        let outcome: Result<Value, any Error>
        do {
            outcome = .success(try await fetch())
        } catch {
            outcome = .failure(error)
        }
        if Task.isCancelled { return current }
        let now = clock.now
        let (snapshot, recovered) = state.withLock { state -> (CachedValue<Value>, Bool) in
            let wasFailing = state.consecutiveFailures > 0
            state.lastAttemptAt = now
            switch outcome {
            case .success(let value):
                state.value = value
                state.fetchedAt = now
                state.error = nil
                state.consecutiveFailures = 0
                return (state, wasFailing)
            case .failure(let error):
                state.error = "\(error)"
                state.consecutiveFailures += 1
                return (state, false)
            }
        }
        if let error = snapshot.error {
            let age = snapshot.age(at: now).map { ", keeping the value of \(Int(clampingRounded: $0, .towardZero)) s ago" } ?? ""
            logger.log(.warning, every: .seconds(3600), key: "refresh-failed-\(name)", "\(name): \(error)\(age)")
        } else if recovered {
            logger.notice("\(name): reachable again")
        }
        return snapshot
    }

    /// The wait after `snapshot`: the interval after a success; 1, 2, 4 ... minutes after failures, at most
    /// the interval.
    public func delay(after snapshot: CachedValue<Value>) -> Duration {
        guard snapshot.consecutiveFailures > 0 else { return interval }
        var wait = Self.minimumInterval
        for _ in 1..<min(snapshot.consecutiveFailures, 16) { wait = wait * 2 }
        return min(wait, interval)
    }

    /// Refreshes until the task is cancelled, calling `onUpdate` after each attempt.
    public func run(onUpdate: @Sendable (CachedValue<Value>) -> Void = { _ in }) async {
        while !Task.isCancelled {
            let snapshot = await refresh()
            if Task.isCancelled { return }
            onUpdate(snapshot)
            do {
                try await clock.sleep(for: delay(after: snapshot))
            } catch {
                return
            }
        }
    }
}
