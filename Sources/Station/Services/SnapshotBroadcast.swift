public import StationSnapshot
import Synchronization

/// Every snapshot the station publishes, for consumers beyond the HTTP endpoint (MQTT): each subscriber gets
/// a stream that keeps only the newest snapshot, so a slow consumer never holds the pipeline back.
public final class SnapshotBroadcast: Sendable {
    private struct State {
        var next: UInt64 = 0
        var subscribers: [UInt64: AsyncStream<StationSnapshot>.Continuation] = [:]
        var latest: StationSnapshot?
        var finished = false
    }

    private let state = Mutex(State())

    /// A broadcast with no subscribers.
    public init() {}

    /// A stream of snapshots from now on (starting with the latest, if any); it ends when the station stops.
    public func subscribe() -> AsyncStream<StationSnapshot> {
        let (stream, continuation) = AsyncStream.makeStream(of: StationSnapshot.self, bufferingPolicy: .bufferingNewest(1))
        let id = state.withLock { state -> UInt64? in
            if state.finished { return nil }
            state.next += 1
            state.subscribers[state.next] = continuation
            if let latest = state.latest { continuation.yield(latest) }
            return state.next
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// The newest snapshot sent.
    public var latest: StationSnapshot? { state.withLock { $0.latest } }

    /// Hands `snapshot` to every subscriber.
    func send(_ snapshot: StationSnapshot) {
        let subscribers = state.withLock { state -> [AsyncStream<StationSnapshot>.Continuation] in
            state.latest = snapshot
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(snapshot) }
    }

    /// Ends every stream (shutdown).
    func finish() {
        let subscribers = state.withLock { state -> [AsyncStream<StationSnapshot>.Continuation] in
            state.finished = true
            defer { state.subscribers.removeAll() }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.finish() }
    }
}
