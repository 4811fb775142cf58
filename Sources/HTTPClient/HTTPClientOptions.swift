public import Diagnostics

/// Limits and identity of the HTTP client.
public struct HTTPClientOptions: Sendable, Hashable {
    /// Longest time to establish a connection (DNS, TCP and TLS); libcurl's CURLOPT_CONNECTTIMEOUT_MS.
    public var connectTimeout: Duration
    /// Longest time for the whole transfer, connection included; CURLOPT_TIMEOUT_MS.
    public var timeout: Duration
    /// Largest decoded body accepted, in bytes; a larger one aborts the transfer with
    /// ``HTTPClientError/Kind/responseTooLarge``.
    public var maximumResponseBytes: Int
    /// The `User-Agent` header.
    public var userAgent: String
    /// Redirects followed at most (0 disables following).
    public var maximumRedirects: Int

    /// Defaults: connect 10 s, total 30 s, 4 MiB, `breeze-station/<version>`, 3 redirects.
    public init(
        connectTimeout: Duration = .seconds(10),
        timeout: Duration = .seconds(30),
        maximumResponseBytes: Int = 4 << 20,
        userAgent: String = BuildInfo.userAgent,
        maximumRedirects: Int = 3
    ) {
        self.connectTimeout = connectTimeout
        self.timeout = timeout
        self.maximumResponseBytes = maximumResponseBytes
        self.userAgent = userAgent
        self.maximumRedirects = maximumRedirects
    }
}

extension Duration {
    /// Whole milliseconds, at least 1 (libcurl reads 0 as "no timeout").
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        return Int(max(1, min(milliseconds, Int64(Int32.max))))
    }
}
