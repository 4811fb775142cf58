/// One path the server answers, and how.
public struct Route: Sendable {
    /// How a route produces its response.
    public enum Provider: Sendable {
        /// The latest response published to the ``ResourceStore`` under the route's path: encoded once
        /// (when published, or on the first request after a publish of a renderer) and shared by every
        /// request until the next publish.
        case resource
        /// A function called on the server's thread for each request. It must not block: it may format
        /// values it holds, never wait on a device, the network or a slow store.
        case handler(@Sendable (HTTPRequest) -> HTTPResponse)
    }

    /// The exact path, e.g. `/api/v1/current`.
    public let path: String
    /// How the response is produced.
    public let provider: Provider
    /// Whether responses carry `Access-Control-Allow-Origin: *` (read-only API routes).
    public let allowsAnyOrigin: Bool

    /// A route served from the resource store.
    public static func resource(_ path: String, allowsAnyOrigin: Bool = false) -> Route {
        Route(path: path, provider: .resource, allowsAnyOrigin: allowsAnyOrigin)
    }

    /// A route computed per request.
    public static func handler(
        _ path: String, allowsAnyOrigin: Bool = false, _ body: @escaping @Sendable (HTTPRequest) -> HTTPResponse
    ) -> Route {
        Route(path: path, provider: .handler(body), allowsAnyOrigin: allowsAnyOrigin)
    }
}
