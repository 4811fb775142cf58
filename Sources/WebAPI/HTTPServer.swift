import CMicroHTTPD
import CMicroHTTPDShim
public import Diagnostics
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The station's HTTP server on GNU libmicrohttpd: an internal epoll polling thread (or a pool of them),
/// explicit limits, GET and HEAD only, exact-path routes.
///
/// Requests are answered on libmicrohttpd's threads from prepared responses (``ResourceStore``) or by
/// non-blocking handlers. Other methods get 405 with `Allow: GET, HEAD`; unknown paths get 404; errors are
/// JSON `{"error": ..., "status": ...}`. The server knows nothing of what it serves.
///
/// ```swift
/// let server = try HTTPServer(listen: .default, limits: .standard, routes: [.resource("/hello")], logger: log)
/// server.resources.publish(["/hello": .json(["hello": "world"])])
/// try server.start()
/// ```
public final class HTTPServer: Sendable {
    /// The configured address (port 0 means "any free port"; see ``port``).
    public let address: ListenAddress
    /// The limits.
    public let limits: HTTPLimits
    /// The pre-encoded responses of the resource routes.
    public var resources: ResourceStore { context.resources }
    /// Requests answered, by route and status.
    public var requestCounters: RequestCounters { context.counters }

    private let context: ServerContext
    private let running = Mutex<RunningDaemon?>(nil)

    /// A server for `routes` (not started).
    public init(listen address: ListenAddress, limits: HTTPLimits, routes: [Route], logger: Logger) throws(HTTPServerError) {
        guard limits.maxConnections >= 1, limits.maxConnectionsPerAddress >= 1,
            limits.maxConnectionsPerAddress <= limits.maxConnections
        else { throw .invalidLimits("need 1 ≤ connections per address ≤ connections") }
        guard limits.threads >= 1, limits.threads <= limits.maxConnections else {
            throw .invalidLimits("need 1 ≤ threads ≤ connections")
        }
        guard limits.connectionMemoryBytes >= 4096 else { throw .invalidLimits("connection memory below 4 KiB") }
        guard limits.connectionTimeoutSeconds >= 0 else { throw .invalidLimits("negative timeout") }
        guard limits.headerTimeoutSeconds >= 1, limits.keepAliveTimeoutSeconds >= 1 else {
            throw .invalidLimits("header and keep-alive timeouts below 1 s")
        }
        self.address = address
        self.limits = limits
        self.context = try ServerContext(routes: routes, limits: limits, logger: logger)
    }

    deinit {
        stop()
    }

    /// Starts listening; the server's threads run until ``stop()``. Calling it again while running does nothing.
    public func start() throws(HTTPServerError) {
        try running.withLock { (daemon: inout RunningDaemon?) throws(HTTPServerError) in
            guard daemon == nil else { return }
            daemon = try RunningDaemon(address: address, limits: limits, context: context)
        }
    }

    /// The TCP port actually bound (the kernel's choice when port 0 was asked); nil when not running.
    public var port: UInt16? {
        running.withLock { $0?.port }
    }

    /// Connections open right now (accepted by libmicrohttpd, not yet closed); 0 when not running.
    public var openConnections: Int {
        running.withLock { $0?.openConnections } ?? 0
    }

    /// Stops accepting, closes every connection and joins libmicrohttpd's threads (MHD_stop_daemon).
    public func stop() {
        let daemon = running.withLock { daemon -> RunningDaemon? in
            defer { daemon = nil }
            return daemon
        }
        daemon?.stop()
    }

    /// The version of libmicrohttpd linked, e.g. `0.9.75`.
    public static var libraryVersion: String {
        MHD_get_version().map { String(cString: $0) } ?? "unknown"
    }

    /// Whether this build applies MHD_OPTION_CLIENT_DISCIPLINE_LVL (libmicrohttpd 0.9.77 and later).
    public static var appliesClientDiscipline: Bool { breeze_http_has_client_discipline() != 0 }
}

/// One started libmicrohttpd daemon and the C memory it reads while running.
private final class RunningDaemon: @unchecked Sendable {
    // @unchecked: only touched under HTTPServer's mutex; libmicrohttpd's threads read `options` and
    // `socketAddress` (never written after start) until MHD_stop_daemon returns.
    private var daemon: OpaquePointer?
    private let options: UnsafeMutablePointer<breeze_http_options>
    private let socketAddress: UnsafeMutableRawPointer
    private let context: Unmanaged<ServerContext>
    private let reaper: ConnectionReaper
    let port: UInt16

    init(address: ListenAddress, limits: HTTPLimits, context: ServerContext) throws(HTTPServerError) {
        let addressBytes = address.socketAddress()
        let size = max(addressBytes.count, MemoryLayout<sockaddr_in6>.size)
        let socketAddress = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        socketAddress.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        socketAddress.copyMemory(from: addressBytes, byteCount: addressBytes.count)
        let retained = Unmanaged.passRetained(context)
        let contextPointer = retained.toOpaque()

        var flags = MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_TURBO.rawValue
        if address.isIPv6 {
            flags |= address.isUnspecified ? MHD_USE_DUAL_STACK.rawValue : MHD_USE_IPv6.rawValue
        }
        let options = UnsafeMutablePointer<breeze_http_options>.allocate(capacity: 1)
        options.initialize(
            to: breeze_http_options(
                flags: UInt32(flags),
                address: socketAddress.assumingMemoryBound(to: sockaddr.self),
                // Room above the limit for the connection that takes a slow client's slot (ConnectionWatch).
                connection_limit: UInt32(limits.maxConnections + max(limits.maxConnectionsPerAddress, limits.threads)),
                per_ip_connection_limit: UInt32(limits.maxConnectionsPerAddress),
                connection_timeout_s: UInt32(limits.connectionTimeoutSeconds),
                // Twice the head budget the station enforces itself (RequestHeadBudget): a head within it
                // leaves room for any response, one just over it for the station's 414 or 431.
                connection_memory_limit: limits.requestHeadBudget.poolBytes,
                connection_memory_increment: 1024,
                thread_pool_size: UInt32(limits.threads),
                listen_backlog: UInt32(limits.listenBacklog),
                client_discipline: 1,
                uri_hook: requestTargetHook,
                connection_hook: connectionHook,
                log_sink: errorLogSink,
                log_context: contextPointer))
        context.lastLogMessage.withLock { $0 = nil }
        errno = 0
        guard let started = breeze_http_start(options, accessHandler, contextPointer) else {
            let code = errno
            let logged = context.lastLogMessage.withLock { $0 }
            let reason = logged ?? (code != 0 ? String(cString: strerror(code)) : "libmicrohttpd refused to start")
            options.deinitialize(count: 1)
            options.deallocate()
            socketAddress.deallocate()
            retained.release()
            throw .cannotListen(address, reason: reason)
        }
        self.daemon = started
        self.options = options
        self.socketAddress = socketAddress
        self.context = retained
        self.reaper = ConnectionReaper(watch: context.watch)
        let bound = breeze_http_bound_port(started)
        self.port = bound != 0 ? bound : address.port
    }

    var openConnections: Int {
        guard let daemon else { return 0 }
        return Int(breeze_http_current_connections(daemon))
    }

    func stop() {
        guard let daemon else { return }
        self.daemon = nil
        reaper.stop()
        MHD_stop_daemon(daemon)
        options.deinitialize(count: 1)
        options.deallocate()
        socketAddress.deallocate()
        context.release()
    }

    deinit {
        stop()
    }
}
