/// What a computed route sees of a request: method, path and query. Headers stay in libmicrohttpd; routes
/// that answer from the ``ResourceStore`` never build this value.
public struct HTTPRequest: Sendable {
    /// `GET` or `HEAD` (other methods are answered by the server itself).
    public let method: String
    /// The path, without the query, percent-decoded by libmicrohttpd.
    public let path: String
    /// The query parameters in the order given; a parameter without `=` has an empty value.
    public let query: [(name: String, value: String)]

    /// A request.
    public init(method: String, path: String, query: [(name: String, value: String)] = []) {
        self.method = method
        self.path = path
        self.query = query
    }

    /// The values of the query parameter `name`, in order.
    public func queryValues(_ name: String) -> [String] {
        query.filter { $0.name == name }.map(\.value)
    }
}
