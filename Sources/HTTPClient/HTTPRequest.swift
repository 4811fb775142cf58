/// One HTTP request: the method, the URL, any extra header fields and, for a POST, the body.
///
/// The client adds `User-Agent`, `Accept-Encoding` (gzip, deflate, whatever libcurl decodes) and
/// `Accept: application/json` itself. Only `http` and `https` URLs are accepted. A POST sends ``body`` as
/// is, with the caller's `Content-Type` header (give one: libcurl would otherwise claim a form).
public struct HTTPRequest: Sendable, Hashable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, query included, already percent-encoded.
    public var url: String
    /// Extra header fields, sent in this order.
    public var headers: [HTTPHeaderField]
    /// The request body, sent with a POST (ignored by a GET).
    public var body: [UInt8]

    /// A request of `url` with `headers`: a GET unless `method` says otherwise.
    public init(method: HTTPMethod = .get, url: String, headers: [HTTPHeaderField] = [], body: [UInt8] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}

/// The request methods the client sends.
public enum HTTPMethod: String, Sendable, Hashable {
    /// `GET`: fetch; no body.
    case get = "GET"
    /// `POST`: send ``HTTPRequest/body``.
    case post = "POST"
}

/// One header field of a request or a response.
public struct HTTPHeaderField: Sendable, Hashable {
    /// The field name as sent or received (compare case-insensitively).
    public let name: String
    /// The field value, without surrounding whitespace.
    public let value: String

    /// A field `name: value`.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
