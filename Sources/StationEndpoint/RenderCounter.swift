import Synchronization

/// How many times each route's body has been rendered from a snapshot, counted where the render happens
/// (``StationEndpoint/renderCount(_:)``).
final class RenderCounter: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    func count(_ path: String) { counts.withLock { $0[path, default: 0] += 1 } }
    func value(_ path: String) -> Int { counts.withLock { $0[path] ?? 0 } }
}
