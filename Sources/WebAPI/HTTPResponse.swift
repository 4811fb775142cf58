public import JSON

/// One header field of a response.
public struct HTTPHeader: Sendable, Hashable {
    /// The field name, e.g. `Content-Type`.
    public let name: String
    /// The field value.
    public let value: String

    /// A header field.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}

/// A complete response: status, headers and body bytes. `Content-Length` and `Date` are added by the server;
/// a HEAD request gets the same headers without the body.
public struct HTTPResponse: Sendable {
    /// The status code, e.g. 200.
    public var status: Int
    /// Header fields in the order they are sent.
    public var headers: [HTTPHeader]
    /// The body.
    public var body: [UInt8]
    /// Whether the server adds an `ETag` computed from the body and answers a matching `If-None-Match`
    /// with 304 Not Modified. Only for responses served from the ``ResourceStore``.
    public var entityTagged: Bool
    /// A body produced in chunks while it is sent (chunked transfer coding), in place of ``body``; only for
    /// handler routes. See ``HTTPBodyStream``.
    public var stream: HTTPBodyStream? = nil

    /// A response.
    public init(status: Int, headers: [HTTPHeader] = [], body: [UInt8] = [], entityTagged: Bool = false) {
        self.status = status
        self.headers = headers
        self.body = body
        self.entityTagged = entityTagged
    }

    /// The value of the first header called `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// `application/json` from a JSON value, compact.
    public static func json(
        _ value: JSONValue, status: Int = 200, cacheControl: String = "no-cache", headers extra: [HTTPHeader] = []
    ) -> HTTPResponse {
        HTTPResponse(
            status: status,
            headers: [
                HTTPHeader("Content-Type", "application/json; charset=utf-8"),
                HTTPHeader("Cache-Control", cacheControl),
            ] + extra,
            body: value.serializedBytes())
    }

    /// The error body every route uses: `{"error": message, "status": status}`, not cacheable.
    public static func error(_ status: Int, _ message: String, headers extra: [HTTPHeader] = []) -> HTTPResponse {
        json(["error": .string(message), "status": .number(Double(status))], status: status,
             cacheControl: "no-store", headers: extra)
    }
}
