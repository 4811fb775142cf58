/// The one seam between the services and the network: send a request, get the complete response.
///
/// ``CurlHTTPClient`` is the real one; ``RetryingHTTPTransport`` wraps any transport with backoff; tests of
/// the services may pass a fake that answers from memory.
public protocol HTTPTransport: Sendable {
    /// Sends `request` and returns the whole response, whatever its status.
    ///
    /// - Throws: ``HTTPClientError`` when no complete response arrived (no connection, timeout, TLS failure,
    ///   body over the size limit, truncated transfer, cancellation).
    func send(_ request: HTTPRequest) async throws(HTTPClientError) -> HTTPResponse
}
