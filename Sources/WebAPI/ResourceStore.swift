import Synchronization

/// The pre-encoded responses of the resource routes, swapped all at once.
///
/// The publisher renders bodies on its own thread and calls ``publish(_:)``; request threads take the
/// current set under a lock held only long enough to retain it, so a request never waits for rendering,
/// and every request sees one consistent set.
public final class ResourceStore: Sendable {
    private let routes: [Route]
    private let current: Mutex<ResourceSet>

    init(routes: [Route]) {
        self.routes = routes
        self.current = Mutex(ResourceSet(responses: Array(repeating: nil, count: routes.count)))
    }

    /// Replaces the responses of the given resource paths in one atomic swap; paths not given keep their
    /// current response. Returns the paths that were refused: not a resource route, or a response
    /// libmicrohttpd would not take (a header value with a line break).
    @discardableResult
    public func publish(_ responses: [String: HTTPResponse]) -> [String] {
        var refused: [String] = []
        var prepared: [Int: PreparedResponse] = [:]
        for (path, response) in responses {
            guard let index = routes.firstIndex(where: { $0.path == path }), case .resource = routes[index].provider,
                let encoded = PreparedResponse(response, allowsAnyOrigin: routes[index].allowsAnyOrigin)
            else {
                refused.append(path)
                continue
            }
            prepared[index] = encoded
        }
        current.withLock { set in
            var merged = set.responses
            for (index, response) in prepared { merged[index] = response }
            set = ResourceSet(responses: merged)
        }
        return refused.sorted()
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

/// One immutable generation of prepared responses, indexed like the router's routes.
final class ResourceSet: Sendable {
    let responses: [PreparedResponse?]
    init(responses: [PreparedResponse?]) { self.responses = responses }
}
