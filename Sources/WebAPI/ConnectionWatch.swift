import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Deadlines libmicrohttpd 0.9.75 does not have, kept from its connection notifications: a request's headers
/// must be complete within ``HTTPLimits/headerTimeoutSeconds`` of the connection's start, however slowly
/// they trickle in (the inactivity timeout never fires on a client sending a byte a second); a kept-alive
/// connection must start (and finish the headers of) its next request within
/// ``HTTPLimits/keepAliveTimeoutSeconds``; and once ``HTTPLimits/maxConnections`` are open, a new
/// connection takes the slot of the oldest one still waiting for its headers (or the oldest idle one), so a
/// few slow hosts holding every slot cannot keep a fresh client out.
///
/// A connection is ended by `shutdown(2)` on its socket, never `close(2)`: libmicrohttpd owns the
/// descriptor, sees the end of stream on its next poll and cleans up as for any client that went away. Every
/// call runs under one mutex that libmicrohttpd's "closed" notification also takes (before it closes the
/// descriptor), so a descriptor is never shut down after it was reused.
///
/// The reaper thread sleeps until the earliest deadline (``enforce(at:)`` returns it), or until woken when
/// none is pending: a station nobody connects to costs no wake-ups for its HTTP deadlines. A connection
/// whose deadline comes before the time the reaper sleeps to wakes it (``reaperWakeup``).
final class ConnectionWatch: Sendable {
    enum Phase: Equatable {
        /// Accepted (or kept alive after a response, ``idle``), waiting for complete headers since the time.
        case awaitingHeaders(since: Double)
        case idle(since: Double)
        /// Headers complete, being answered: only the inactivity timeout applies.
        case busy
        /// Shut down by the watch; libmicrohttpd has not reported it closed yet.
        case ending
    }

    private struct State {
        var phases: [Int32: Phase] = [:]
        var headerTimeouts: UInt64 = 0
        var keepAliveTimeouts: UInt64 = 0
        var evictions: UInt64 = 0
        /// When the reaper thread next looks, on the monotonic clock (infinity: only when woken).
        var reaperWakesAt = Double.infinity
        /// Times ``enforce(at:)`` ran.
        var passes: UInt64 = 0
    }

    private let state = Mutex(State())
    let headerTimeout: Double
    let keepAliveTimeout: Double
    let softLimit: Int
    /// Signalled when a deadline comes before the time the reaper sleeps to (and to stop it). Nil when no
    /// eventfd could be had: the reaper then looks ten times a second.
    let reaperWakeup: Wakeup?

    init(limits: HTTPLimits) {
        headerTimeout = Double(limits.headerTimeoutSeconds)
        keepAliveTimeout = Double(limits.keepAliveTimeoutSeconds)
        softLimit = limits.maxConnections
        reaperWakeup = try? Wakeup()
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// A connection was accepted. Over the soft limit, the oldest connection still waiting for headers (else
    /// the oldest idle one) is ended to make room.
    func started(_ descriptor: Int32, at now: Double = now()) {
        let wake = state.withLock { state in
            state.phases[descriptor] = .awaitingHeaders(since: now)
            let wake = Self.schedule(now + headerTimeout, in: &state)
            let open = state.phases.values.filter { $0 != .ending }.count
            guard open > softLimit else { return wake }
            if let victim = Self.oldest(in: state.phases, excluding: descriptor, awaiting: true)
                ?? Self.oldest(in: state.phases, excluding: descriptor, awaiting: false)
            {
                state.phases[victim] = .ending
                state.evictions += 1
                shutdown(victim, Int32(SHUT_RDWR))
            }
            return wake
        }
        if wake { reaperWakeup?.signal() }
    }

    /// The headers of a request on `descriptor` are complete.
    func headersComplete(_ descriptor: Int32) {
        state.withLock { state in
            if let phase = state.phases[descriptor], phase != .ending { state.phases[descriptor] = .busy }
        }
    }

    /// A request on `descriptor` was answered; the connection may be kept alive for the next one.
    func requestCompleted(_ descriptor: Int32, at now: Double = now()) {
        let wake = state.withLock { state in
            guard let phase = state.phases[descriptor], phase != .ending else { return false }
            state.phases[descriptor] = .idle(since: now)
            return Self.schedule(now + keepAliveTimeout, in: &state)
        }
        if wake { reaperWakeup?.signal() }
    }

    /// libmicrohttpd closes `descriptor` right after this returns.
    func closed(_ descriptor: Int32) {
        state.withLock { _ = $0.phases.removeValue(forKey: descriptor) }
    }

    /// Ends the connections past their deadline and returns the earliest deadline left (nil: none), on the
    /// monotonic clock: the reaper sleeps until then unless ``reaperWakeup`` is signalled sooner.
    @discardableResult
    func enforce(at now: Double = now()) -> Double? {
        state.withLock { state in
            state.passes += 1
            var next = Double.infinity
            for (descriptor, phase) in state.phases {
                switch phase {
                case .awaitingHeaders(let since) where now - since >= headerTimeout:
                    state.headerTimeouts += 1
                case .idle(let since) where now - since >= keepAliveTimeout:
                    state.keepAliveTimeouts += 1
                case .awaitingHeaders(let since):
                    next = min(next, since + headerTimeout)
                    continue
                case .idle(let since):
                    next = min(next, since + keepAliveTimeout)
                    continue
                case .busy, .ending:
                    continue
                }
                state.phases[descriptor] = .ending
                shutdown(descriptor, Int32(SHUT_RDWR))
            }
            state.reaperWakesAt = next
            return next.isFinite ? next : nil
        }
    }

    /// Times ``enforce(at:)`` ran: the reaper's wake-ups.
    var passes: UInt64 { state.withLock { $0.passes } }

    /// Whether a new `deadline` comes before the time the reaper sleeps to (it must then be woken, and
    /// sleeps to the new deadline at most).
    private static func schedule(_ deadline: Double, in state: inout State) -> Bool {
        guard deadline < state.reaperWakesAt else { return false }
        state.reaperWakesAt = deadline
        return true
    }

    /// Connections ended for slow headers, idle keep-alive, and to make room.
    var counts: (headerTimeouts: UInt64, keepAliveTimeouts: UInt64, evictions: UInt64) {
        state.withLock { ($0.headerTimeouts, $0.keepAliveTimeouts, $0.evictions) }
    }

    private static func oldest(in phases: [Int32: Phase], excluding: Int32, awaiting: Bool) -> Int32? {
        var best: (Int32, Double)?
        for (descriptor, phase) in phases where descriptor != excluding {
            let since: Double
            switch phase {
            case .awaitingHeaders(let time) where awaiting: since = time
            case .idle(let time) where !awaiting: since = time
            default: continue
            }
            if let current = best, current.1 <= since { continue }
            best = (descriptor, since)
        }
        return best?.0
    }
}
