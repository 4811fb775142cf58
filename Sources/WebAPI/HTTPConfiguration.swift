public import Configuration
public import JSON

/// The `http` section of the station's configuration file.
///
/// ```json
/// "http": {"listen": "0.0.0.0:8080", "max_connections": 64, "max_connections_per_ip": 8,
///          "connection_timeout_s": 10, "connection_memory_kib": 16, "threads": 2,
///          "header_timeout_s": 5, "keep_alive_timeout_s": 2}
/// ```
/// Every key is optional; `listen` defaults to `0.0.0.0:8080` (`[::]:8080` listens on IPv6 and IPv4).
public struct HTTPConfiguration: Sendable, Hashable {
    /// `http.listen`.
    public var listen: ListenAddress
    /// `http.max_connections`, `max_connections_per_ip`, `connection_timeout_s`, `connection_memory_kib`,
    /// `threads`, `header_timeout_s`, `keep_alive_timeout_s`.
    public var limits: HTTPLimits

    /// The defaults: `0.0.0.0:8080` and ``HTTPLimits/standard``.
    public static let standard = HTTPConfiguration(listen: .default, limits: .standard)

    /// A configuration from its values.
    public init(listen: ListenAddress, limits: HTTPLimits) {
        self.listen = listen
        self.limits = limits
    }

    /// Reads the section; problems are recorded in it (with their key paths) and defaults used in their place.
    /// A missing section (nil) gives the defaults.
    public init(section: ConfigSection?) {
        self = .standard
        guard let section else { return }
        if let text = section.string("listen") {
            do {
                listen = try ListenAddress(parsing: text)
            } catch {
                section.record("listen", "expected HOST:PORT such as 0.0.0.0:8080 or [::]:8080, found \"\(text)\": \(error.reason)")
            }
        }
        if let value = section.int("max_connections", in: 1...4096) { limits.maxConnections = value }
        if let value = section.int("max_connections_per_ip", in: 1...4096) { limits.maxConnectionsPerAddress = value }
        if let value = section.int("connection_timeout_s", in: 1...3600) { limits.connectionTimeoutSeconds = value }
        if let value = section.int("connection_memory_kib", in: 4...1024) { limits.connectionMemoryBytes = value * 1024 }
        if let value = section.int("threads", in: 1...16) { limits.threads = value }
        if let value = section.int("header_timeout_s", in: 1...3600) { limits.headerTimeoutSeconds = value }
        if let value = section.int("keep_alive_timeout_s", in: 1...3600) { limits.keepAliveTimeoutSeconds = value }
        if limits.maxConnectionsPerAddress > limits.maxConnections {
            section.record(
                "max_connections_per_ip",
                "must not exceed max_connections (\(limits.maxConnections)), found \(limits.maxConnectionsPerAddress)")
            limits.maxConnectionsPerAddress = limits.maxConnections
        }
        if limits.threads > limits.maxConnections {
            section.record("threads", "must not exceed max_connections (\(limits.maxConnections)), found \(limits.threads)")
            limits.threads = 1
        }
    }

    /// The effective values, as the section would write them.
    public var json: JSONValue {
        [
            "listen": .string(listen.description),
            "max_connections": .number(Double(limits.maxConnections)),
            "max_connections_per_ip": .number(Double(limits.maxConnectionsPerAddress)),
            "connection_timeout_s": .number(Double(limits.connectionTimeoutSeconds)),
            "connection_memory_kib": .number(Double(limits.connectionMemoryBytes / 1024)),
            "threads": .number(Double(limits.threads)),
            "header_timeout_s": .number(Double(limits.headerTimeoutSeconds)),
            "keep_alive_timeout_s": .number(Double(limits.keepAliveTimeoutSeconds)),
        ]
    }
}
