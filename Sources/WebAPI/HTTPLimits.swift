/// The limits the server runs under. libmicrohttpd's own defaults are loose (no inactivity timeout, no
/// per-address limit, about a thousand connections), so every one is set explicitly.
///
/// The inactivity timeout never cuts a request trickled one byte at a time; ``headerTimeoutSeconds`` does
/// (from the connection's start, however active), and once ``maxConnections`` are open a new connection takes
/// the slot of the oldest one still waiting for its headers (``ConnectionWatch``), so slow hosts holding
/// every slot keep a fresh client out for moments, not for the header deadline.
public struct HTTPLimits: Sendable, Hashable {
    /// Connections at once, in total. With a thread pool each worker gets an equal share.
    public var maxConnections: Int
    /// Connections at once from one IP address; the next one is closed at once.
    public var maxConnectionsPerAddress: Int
    /// Seconds without any traffic after which a connection is closed.
    public var connectionTimeoutSeconds: Int
    /// Bytes a request's head (request line and header fields) may take (`connection_memory_kib`): a longer
    /// request target gets 414, a larger head 431, both answered by the station (``requestHeadBudget``).
    /// libmicrohttpd's per-connection memory pool is twice this.
    public var connectionMemoryBytes: Int
    /// Worker threads, each with its own epoll loop.
    public var threads: Int
    /// Connections waiting in the kernel's accept queue.
    public var listenBacklog: Int
    /// Seconds from a connection's start to the end of its request's headers, however slowly they come.
    public var headerTimeoutSeconds: Int
    /// Seconds a kept-alive connection may sit idle after a response before the next request's headers are
    /// complete; shorter than the inactivity timeout, so idle connections give their slots back first.
    public var keepAliveTimeoutSeconds: Int

    /// The station's limits on a request's head, from ``connectionMemoryBytes``.
    public var requestHeadBudget: RequestHeadBudget { RequestHeadBudget(headBytes: connectionMemoryBytes) }

    /// The production defaults: 64 connections, 8 per address, 10 s inactivity timeout, 16 KiB of
    /// request head (a 32 KiB pool) per connection, 2 threads, backlog 64, headers within 5 s, idle keep-alive 2 s.
    public static let standard = HTTPLimits(
        maxConnections: 64, maxConnectionsPerAddress: 8, connectionTimeoutSeconds: 10,
        connectionMemoryBytes: 16 * 1024, threads: 2, listenBacklog: 64, headerTimeoutSeconds: 5,
        keepAliveTimeoutSeconds: 2)

    /// Limits from their values.
    public init(
        maxConnections: Int, maxConnectionsPerAddress: Int, connectionTimeoutSeconds: Int, connectionMemoryBytes: Int,
        threads: Int, listenBacklog: Int, headerTimeoutSeconds: Int = 5, keepAliveTimeoutSeconds: Int = 2
    ) {
        self.headerTimeoutSeconds = headerTimeoutSeconds
        self.keepAliveTimeoutSeconds = keepAliveTimeoutSeconds
        self.maxConnections = maxConnections
        self.maxConnectionsPerAddress = maxConnectionsPerAddress
        self.connectionTimeoutSeconds = connectionTimeoutSeconds
        self.connectionMemoryBytes = connectionMemoryBytes
        self.threads = threads
        self.listenBacklog = listenBacklog
    }
}
