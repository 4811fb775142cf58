/// A complete HTTP response: status, header fields and the decoded body.
///
/// Every status is a response, 4xx and 5xx included: the transport only fails when no complete response
/// arrived. The body is already decompressed (gzip/deflate) and never larger than the client's limit.
public struct HTTPResponse: Sendable, Hashable {
    /// The status code, e.g. 200.
    public let status: Int
    /// The header fields of the final response (after redirects), in the order received.
    public let headers: [HTTPHeaderField]
    /// The body bytes.
    public let body: [UInt8]
    /// The URL that was requested.
    public let url: String

    /// A response; used by the client and by fakes in tests.
    public init(status: Int, headers: [HTTPHeaderField] = [], body: [UInt8], url: String) {
        self.status = status
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// Whether the status is 2xx.
    public var isSuccess: Bool { (200..<300).contains(status) }

    /// The value of the first header field named `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The body as UTF-8 text (invalid sequences replaced).
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}
