import POSIX
import StationSnapshot
import Synchronization

/// What the publisher's callers (the station, the service's ticks) and its network thread share: the latest
/// snapshot, the bounded queue of state messages, the counters and the stop request. Every access is one
/// short critical section; no libmosquitto call is ever made under the lock.
final class PublisherState: Sendable {
    private struct Shared {
        var latest: StationSnapshot?
        var queue: OutboundQueue<MQTTMessage>
        var counters = MQTTCounters()
        /// Set when a state should go out as soon as a snapshot exists (after a connect without one). Not at
        /// start: the snapshot before the first connect is the station's start-up state (sensor not read
        /// yet), and the connect queues the then current one.
        var stateWanted = false
        var stopRequested = false
    }

    let configuration: MQTTConfiguration
    let wakeup: Wakeup
    private let shared: Mutex<Shared>

    init(configuration: MQTTConfiguration) throws(MQTTSetupError) {
        self.configuration = configuration
        do {
            wakeup = try Wakeup()
        } catch {
            throw MQTTSetupError("cannot create the network thread's wakeup: \(error)")
        }
        shared = Mutex(Shared(queue: OutboundQueue(capacity: configuration.queueSize)))
    }

    // MARK: Callers

    /// Keeps `snapshot` as the latest; when a state is wanted (first snapshot after a connect), queues one.
    /// Renders nothing otherwise: the station calls this with every snapshot.
    func update(_ snapshot: StationSnapshot) {
        let wanted = shared.withLock { shared -> Bool in
            shared.latest = snapshot
            defer { shared.stateWanted = false }
            return shared.stateWanted
        }
        guard wanted else { return }
        let message = MQTTStatePayload.message(for: snapshot, configuration: configuration)
        shared.withLock { append(message, to: &$0) }
        wakeup.signal()
    }

    /// Queues a state message of the latest snapshot; false when there is none yet.
    @discardableResult
    func enqueueState() -> Bool {
        guard let latest = shared.withLock({ $0.latest }) else {
            shared.withLock { $0.stateWanted = true }
            return false
        }
        let message = MQTTStatePayload.message(for: latest, configuration: configuration)
        shared.withLock { append(message, to: &$0) }
        wakeup.signal()
        return true
    }

    /// The counters now.
    var counters: MQTTCounters { shared.withLock { $0.counters } }

    /// Asks the network thread to publish `offline`, disconnect and end.
    func requestStop() {
        shared.withLock { $0.stopRequested = true }
        wakeup.signal()
    }

    /// Clears a previous stop request (a restarted service).
    func prepareForRun() {
        shared.withLock { $0.stopRequested = false }
    }

    // MARK: Network thread

    var stopRequested: Bool { shared.withLock { $0.stopRequested } }

    /// The oldest queued state message.
    func popQueued() -> MQTTMessage? {
        shared.withLock { shared in
            defer { shared.counters.queued = shared.queue.count }
            return shared.queue.popFirst()
        }
    }

    /// Puts back a message that could not be handed over.
    func requeue(_ message: MQTTMessage) {
        shared.withLock { shared in
            if shared.queue.pushFront(message) != nil { shared.counters.dropped += 1 }
            shared.counters.queued = shared.queue.count
        }
    }

    /// After a connect: queue the current state after the ones that waited (those go out first, in order,
    /// so the last state the broker keeps is the current one); with no snapshot yet, the first one to arrive
    /// goes out at once.
    func wantCurrentState() {
        guard let latest = shared.withLock({ $0.latest }) else {
            shared.withLock { $0.stateWanted = true }
            return
        }
        let message = MQTTStatePayload.message(for: latest, configuration: configuration)
        // The newest waiting state may already be the current one: not twice.
        shared.withLock { shared in
            if shared.queue.last != message { append(message, to: &shared) }
        }
        wakeup.signal()
    }

    func countPublished(_ kind: MQTTMessage.Kind) { shared.withLock { $0.counters.published[kind, default: 0] += 1 } }
    func countAttempt() { shared.withLock { $0.counters.connectionAttempts += 1 } }
    func countFailure() { shared.withLock { $0.counters.connectionFailures += 1 } }
    func setConnected(_ connected: Bool) { shared.withLock { $0.counters.connected = connected } }

    private func append(_ message: MQTTMessage, to shared: inout Shared) {
        if shared.queue.append(message) != nil { shared.counters.dropped += 1 }
        shared.counters.queued = shared.queue.count
    }
}
