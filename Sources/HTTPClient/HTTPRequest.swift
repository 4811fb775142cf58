/// One HTTP GET request: the URL and any extra header fields.
///
/// The client adds `User-Agent`, `Accept-Encoding` (gzip, deflate, whatever libcurl decodes) and
/// `Accept: application/json` itself. Only `http` and `https` URLs are accepted.
public struct HTTPRequest: Sendable, Hashable {
    /// The absolute URL, query included, already percent-encoded.
    public var url: String
    /// Extra header fields, sent in this order.
    public var headers: [HTTPHeaderField]

    /// A GET of `url` with `headers`.
    public init(url: String, headers: [HTTPHeaderField] = []) {
        self.url = url
        self.headers = headers
    }
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
