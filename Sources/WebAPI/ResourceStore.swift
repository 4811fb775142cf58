import Synchronization

/// The pre-encoded responses of the resource routes, swapped all at once.
///
/// The publisher either hands over finished responses (``publish(_:)``) or, for bodies that change with
/// every snapshot, how to render them (``publish(rendering:)``): such a body is rendered and encoded on the
/// first request that asks for it, once, and kept until the next publish, so a snapshot nobody asks for
/// costs nothing. Request threads take the current set under a lock held only long enough to retain it;
/// the publisher never waits for a render, and every request sees one consistent set.
public final class ResourceStore: Sendable {
    private let routes: [Route]
    /// The index of each resource route by path, found once (a publish every second looks paths up).
    private let resourceIndices: [String: Int]
    private let current: Mutex<ResourceSet>

    init(routes: [Route]) {
        self.routes = routes
        // The first route of each path decides, as the router does; it must be a resource route.
        var first: [String: Int] = [:]
        for (index, route) in routes.enumerated() where first[route.path] == nil { first[route.path] = index }
        resourceIndices = first.filter { _, index in
            if case .resource = routes[index].provider { true } else { false }
        }
        self.current = Mutex(ResourceSet(responses: Array(repeating: nil, count: routes.count)))
    }

    /// Replaces the responses of the given resource paths in one atomic swap; paths not given keep their
    /// current response. Returns the paths that were refused: not a resource route, or a response
    /// libmicrohttpd would not take (a header value with a line break).
    @discardableResult
    public func publish(_ responses: [String: HTTPResponse]) -> [String] {
        var refused: [String] = []
        var prepared: [Int: RenderOnce<PreparedResponse?>] = [:]
        for (path, response) in responses {
            guard let index = resourceIndex(path),
                let encoded = PreparedResponse(response, allowsAnyOrigin: routes[index].allowsAnyOrigin)
            else {
                refused.append(path)
                continue
            }
            prepared[index] = RenderOnce(made: encoded)
        }
        swap(in: prepared)
        return refused.sorted()
    }

    /// Replaces the responses of the given resource paths in one atomic swap with renderers: each is called
    /// on the first request of its path after this publish (on that request's thread), at most once, and
    /// its encoded response serves every later request until the next publish. Returns the paths that are
    /// not resource routes (refused). A rendered response libmicrohttpd will not take is answered 500.
    @discardableResult
    public func publish(rendering renderers: [String: @Sendable () -> HTTPResponse]) -> [String] {
        var refused: [String] = []
        var lazy: [Int: RenderOnce<PreparedResponse?>] = [:]
        for (path, render) in renderers {
            guard let index = resourceIndex(path) else {
                refused.append(path)
                continue
            }
            let allowsAnyOrigin = routes[index].allowsAnyOrigin
            lazy[index] = RenderOnce { PreparedResponse(render(), allowsAnyOrigin: allowsAnyOrigin) }
        }
        swap(in: lazy)
        return refused.sorted()
    }

    private func resourceIndex(_ path: String) -> Int? { resourceIndices[path] }

    private func swap(in slots: [Int: RenderOnce<PreparedResponse?>]) {
        let replaced = current.withLock { set in
            let old = set
            var merged = set.responses
            for (index, slot) in slots { merged[index] = slot }
            set = ResourceSet(responses: merged)
            return old
        }
        // The old generation (and the snapshot its renderers hold) is released here, outside the lock.
        _ = replaced
    }

    /// Whether every resource route has a response.
    public var isComplete: Bool {
        let set = snapshot()
        return routes.indices.allSatisfy { index in
            guard case .resource = routes[index].provider else { return true }
            return set.responses[index] != nil
        }
    }

    /// The current set (retained; the lock is released on return).
    func snapshot() -> ResourceSet { current.withLock { $0 } }
}

/// One immutable generation of responses (prepared, or prepared on first use), indexed like the router's
/// routes.
final class ResourceSet: Sendable {
    let responses: [RenderOnce<PreparedResponse?>?]
    init(responses: [RenderOnce<PreparedResponse?>?]) { self.responses = responses }
}
