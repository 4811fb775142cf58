import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// A response as read off the wire.
public struct HTTPExchange: Sendable {
    /// The status code.
    public let status: Int
    /// Header fields in order, names as sent.
    public let headers: [(name: String, value: String)]
    /// The body (empty for HEAD and 304).
    public let body: [UInt8]

    /// The first value of header `name`, case-insensitive.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Why a test client failed.
public struct HTTPClientError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A blocking HTTP/1.1 client over one TCP connection, written on raw sockets so tests control every byte:
/// the source address (127.0.0.2... for per-address limits), trickled headers, oversize requests. Every read
/// has a deadline, so a test never hangs. One user at a time (a test, or the thread ``offPool(_:)`` hands it
/// to while the test awaits), hence `@unchecked Sendable`.
public final class RawHTTPConnection: @unchecked Sendable {
    private var descriptor: Int32

    /// Connects to `host:port` (IPv4 or IPv6 literal), optionally from the local address `source`.
    public init(host: String = "127.0.0.1", port: UInt16, source: String? = nil, timeout: Double = 5) throws {
        let isIPv6 = host.contains(":")
        let family = isIPv6 ? AF_INET6 : AF_INET
        descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw HTTPClientError("socket: \(String(cString: strerror(errno)))") }
        do {
            if let source {
                var value: Int32 = 1
                setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &value, socklen_t(MemoryLayout<Int32>.size))
                try Self.withAddress(source, port: 0, family: family) { address, length in
                    guard bind(descriptor, address, length) == 0 else {
                        throw HTTPClientError("bind \(source): \(String(cString: strerror(errno)))")
                    }
                }
            }
            try Self.withAddress(host, port: port, family: family) { address, length in
                guard connect(descriptor, address, length) == 0 else {
                    throw HTTPClientError("connect \(host):\(port): \(String(cString: strerror(errno)))")
                }
            }
        } catch {
            // close() marks the descriptor closed: a class whose initializer throws after initialising every
            // property is deinitialised, and a second close(2) there could close a number another thread (a
            // server under test) had been given meanwhile.
            close()
            throw error
        }
        _ = timeout
    }

    deinit { close() }

    /// What the connection's descriptor is now: `peer PORT` (still connected), `not a connected socket`, or
    /// `closed` (the number is free: something else in the process closed it).
    public var descriptorState: String {
        guard descriptor >= 0 else { return "closed by us" }
        guard fcntl(descriptor, F_GETFD) >= 0 else { return "closed" }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let status = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
        }
        guard status == 0 else { return "not a connected socket" }
        return "peer \(UInt16(bigEndian: address.sin_port))"
    }

    /// Closes the connection (idempotent).
    public func close() {
        if descriptor >= 0 {
            Glibc.close(descriptor)
            descriptor = -1
        }
    }

    private static func withAddress(
        _ text: String, port: UInt16, family: Int32, _ body: (UnsafePointer<sockaddr>, socklen_t) throws -> Void
    ) throws {
        if family == AF_INET6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            guard inet_pton(AF_INET6, text, &address.sin6_addr) == 1 else { throw HTTPClientError("bad address \(text)") }
            try withUnsafePointer(to: &address) {
                try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    try body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            guard inet_pton(AF_INET, text, &address.sin_addr) == 1 else { throw HTTPClientError("bad address \(text)") }
            try withUnsafePointer(to: &address) {
                try $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    try body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    /// Sends all of `bytes`; throws when the peer has closed.
    public func send(_ bytes: [UInt8]) throws {
        do {
            try SystemCall.sendAll(descriptor, bytes)
        } catch {
            throw HTTPClientError("send: \(error.message)")
        }
    }

    /// Sends `text` as UTF-8.
    public func send(_ text: String) throws { try send(Array(text.utf8)) }

    /// Waits up to `timeout` seconds for bytes; returns nil at end of stream (or reset), throws on timeout.
    private func receive(timeout: Double) throws -> [UInt8]? {
        var descriptorSet = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&descriptorSet, 1, Int32(timeout * 1000))
        if ready == 0 { throw HTTPClientError("timed out after \(timeout) s waiting for the server") }
        if ready < 0 { throw HTTPClientError("poll: \(String(cString: strerror(errno)))") }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count <= 0 { return nil }
        return Array(buffer.prefix(count))
    }

    private var pending: [UInt8] = []

    /// Reads one response. `head`: the request was HEAD (no body follows whatever Content-Length says).
    public func readResponse(head: Bool = false, timeout: Double = 5) throws -> HTTPExchange {
        let separator: [UInt8] = [13, 10, 13, 10]
        var headerEnd: Int?
        while headerEnd == nil {
            if let found = Self.find(separator, in: pending) {
                headerEnd = found
                break
            }
            guard let more = try receive(timeout: timeout) else {
                throw HTTPClientError("connection closed before a complete response (\(pending.count) bytes read)")
            }
            pending += more
        }
        let headText = String(decoding: pending[..<headerEnd!], as: UTF8.self)
        pending.removeFirst(headerEnd! + 4)
        var lines = headText.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw HTTPClientError("bad status line \(statusLine)") }
        var headers: [(name: String, value: String)] = []
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = String(line[..<colon])
            let value = String(line[line.index(after: colon)...].drop { $0 == " " })
            headers.append((name, value))
        }
        let lengthText = headers.first { $0.name.lowercased() == "content-length" }?.value
        var body: [UInt8] = []
        if !head && status != 304 && status != 204 {
            if let lengthText, let length = Int(lengthText) {
                while pending.count < length {
                    guard let more = try receive(timeout: timeout) else { throw HTTPClientError("body cut short") }
                    pending += more
                }
                body = Array(pending.prefix(length))
                pending.removeFirst(length)
            } else {
                while let more = try receive(timeout: timeout) { pending += more }
                body = pending
                pending = []
            }
        }
        return HTTPExchange(status: status, headers: headers, body: body)
    }

    /// Whether the server closes the connection within `timeout` seconds (reading and discarding anything
    /// it sends first).
    public func closedByServer(within timeout: Double) -> Bool {
        var remaining = timeout
        while remaining > 0 {
            let started = Self.now()
            do {
                guard try receive(timeout: remaining) != nil else { return true }
            } catch {
                return false
            }
            remaining -= Self.now() - started
        }
        return false
    }

    /// Seconds on the monotonic clock.
    public static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return start }
        }
        return nil
    }
}

/// One-request helpers.
public enum RawHTTPClient {
    /// Sends one request on a fresh connection and reads the response.
    public static func request(
        _ method: String = "GET", _ target: String, port: UInt16, host: String = "127.0.0.1", source: String? = nil,
        headers: [(String, String)] = [], timeout: Double = 5
    ) throws -> HTTPExchange {
        let connection = try RawHTTPConnection(host: host, port: port, source: source)
        defer { connection.close() }
        let hostHeader = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        var text = "\(method) \(target) HTTP/1.1\r\nHost: \(hostHeader)\r\nConnection: close\r\n"
        for (name, value) in headers { text += "\(name): \(value)\r\n" }
        text += "\r\n"
        try connection.send(text)
        return try connection.readResponse(head: method == "HEAD", timeout: timeout)
    }
}
