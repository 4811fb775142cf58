/// The limits the server runs under. libmicrohttpd's own defaults are loose (no inactivity timeout, no
/// per-address limit, about a thousand connections), so every one is set explicitly.
///
/// Requests trickled one byte at a time are not cut by the inactivity timeout; they are bounded only by the
/// connection limits. Keep ``maxConnections`` at least four times ``maxConnectionsPerAddress`` so a few
/// misbehaving hosts cannot take every slot.
public struct HTTPLimits: Sendable, Hashable {
    /// Connections at once, in total. With a thread pool each worker gets an equal share.
    public var maxConnections: Int
    /// Connections at once from one IP address; the next one is closed at once.
    public var maxConnectionsPerAddress: Int
    /// Seconds without any traffic after which a connection is closed.
    public var connectionTimeoutSeconds: Int
    /// Bytes of memory per connection for the request line, headers and response headers; a request whose
    /// headers do not fit gets 431 (or is closed).
    public var connectionMemoryBytes: Int
    /// Worker threads, each with its own epoll loop.
    public var threads: Int
    /// Connections waiting in the kernel's accept queue.
    public var listenBacklog: Int

    /// The production defaults: 64 connections, 8 per address, 10 s timeout, 16 KiB per connection,
    /// 2 threads, backlog 64.
    public static let standard = HTTPLimits(
        maxConnections: 64, maxConnectionsPerAddress: 8, connectionTimeoutSeconds: 10,
        connectionMemoryBytes: 16 * 1024, threads: 2, listenBacklog: 64)

    /// Limits from their values.
    public init(
        maxConnections: Int, maxConnectionsPerAddress: Int, connectionTimeoutSeconds: Int, connectionMemoryBytes: Int,
        threads: Int, listenBacklog: Int
    ) {
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionMemoryBytes = connectionMemoryBytes
        self.threads = threads
        self.listenBacklog = listenBacklog
    }
}
