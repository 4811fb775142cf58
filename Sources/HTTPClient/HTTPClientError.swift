import Diagnostics

/// Why an HTTP request produced no complete response.
///
/// The description names what failed and the URL, e.g.
/// `connection refused (http://127.0.0.1:9/v1/search?name=***)` or
/// `timed out: Operation timed out after 2001 milliseconds with 0 bytes received (https://...)`.
public struct HTTPClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure, which decides whether a retry may help.
    public enum Kind: String, Sendable, Hashable {
        /// The URL is not an absolute `http`/`https` URL libcurl accepts.
        case invalidURL = "invalid_url"
        /// The host name did not resolve.
        case nameResolution = "name_resolution"
        /// No connection could be made (refused, unreachable, reset while connecting).
        case connectionFailed = "connection_failed"
        /// The connect timeout or the total timeout passed.
        case timedOut = "timed_out"
        /// The TLS handshake or the certificate check failed.
        case tls
        /// The body grew past the client's maximum response size; the transfer was aborted.
        case responseTooLarge = "response_too_large"
        /// The transfer broke off (truncated body, connection reset, bad content encoding, ...).
        case transferFailed = "transfer_failed"
        /// The calling task was cancelled.
        case cancelled
        /// The client was shut down, or libcurl could not be set up.
        case clientUnavailable = "client_unavailable"
    }

    /// The kind of failure.
    public let kind: Kind
    /// The URL requested, redacted (``URLRedaction``): userinfo and query values read `***`, so an API key
    /// in the query never reaches a page, an API body or a log line through this error.
    public let url: String
    /// What libcurl or the client said, for humans, with the URL's secrets scrubbed out.
    public let detail: String
    /// Attempts made before giving up (1 without retries).
    public var attempts: Int

    /// An error of `kind` for `url`. The secrets of `url` are taken out of both `url` and `detail` here, at
    /// the root, so no caller has to remember to.
    public init(kind: Kind, url: String, detail: String, attempts: Int = 1) {
        self.kind = kind
        self.url = URLRedaction.redact(url)
        self.detail = URLRedaction.scrub(detail, secretsOf: url)
        self.attempts = attempts
    }

    /// Whether another attempt may succeed: network trouble, timeouts and broken transfers, not a bad URL,
    /// a failed certificate check, an oversized body or a cancellation.
    public var isTransient: Bool {
        switch kind {
        case .nameResolution, .connectionFailed, .timedOut, .transferFailed: true
        case .invalidURL, .tls, .responseTooLarge, .cancelled, .clientUnavailable: false
        }
    }

    public var description: String {
        let tries = attempts > 1 ? ", after \(attempts) attempts" : ""
        return "\(detail) (\(url)\(tries))"
    }
}
