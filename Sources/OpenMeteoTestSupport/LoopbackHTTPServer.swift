// Test scaffolding only: a tiny HTTP/1.1 server on 127.0.0.1 over real TCP sockets, so the real libcurl
// client is exercised end to end. It parses just enough of a GET or POST request (a body by Content-Length)
// for the tests; it is never linked
// into the station (the station's HTTP server is libmicrohttpd).
import Foundation
import POSIX
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A request as the loopback server saw it.
public struct LoopbackRequest: Sendable {
    /// `GET`, `POST`.
    public let method: String
    /// The path, e.g. `/v1/air-quality`.
    public let path: String
    /// The query parameters, percent-decoded (the last value of a repeated name).
    public let query: [String: String]
    /// The raw request target, e.g. `/v1/search?name=Berlin&count=5`.
    public let target: String
    /// Header fields by lower-cased name.
    public let headers: [String: String]
    /// The body, as many bytes as `Content-Length` announced (empty without one).
    public let body: [UInt8]

    /// The body as UTF-8 text.
    public var bodyText: String { String(decoding: body, as: UTF8.self) }
}

/// What the loopback server answers, and how.
public struct LoopbackResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Extra header fields (Content-Length and Connection are added).
    public var headers: [(String, String)]
    /// The body.
    public var body: [UInt8]
    /// Wait this long before sending anything (a slow server).
    public var delay: Duration = .zero
    /// Announce the full body but close the connection after this many body bytes (a broken transfer).
    public var truncateAfter: Int?
    /// Close the connection without answering.
    public var closeWithoutResponse = false

    /// A response.
    public init(status: Int, headers: [(String, String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON response.
    public static func json(_ text: String, status: Int = 200) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [("Content-Type", "application/json; charset=utf-8")], body: Array(text.utf8))
    }

    /// A plain-text response.
    public static func text(_ text: String, status: Int) -> LoopbackResponse {
        LoopbackResponse(status: status, headers: [("Content-Type", "text/plain")], body: Array(text.utf8))
    }
}

/// An HTTP server on 127.0.0.1 with a kernel-chosen port; each connection is served on its own thread by
/// `handler`, with `Connection: close`. Stop it with ``stop()``; releasing it stops it too.
public final class LoopbackHTTPServer: Sendable {
    private let listener: Listener

    /// Starts listening.
    public init(handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) throws {
        listener = try Listener(handler: handler)
    }

    deinit { listener.stop() }

    /// The port it listens on.
    public var port: Int { listener.port }

    /// `http://127.0.0.1:<port>`.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request received so far, in order.
    public var requests: [LoopbackRequest] { listener.requests }

    /// Stops accepting; connections in progress finish or are abandoned.
    public func stop() { listener.stop() }
}

/// The listening socket and its threads. The accept thread holds this object, not the server, so releasing
/// the server stops it.
private final class Listener: @unchecked Sendable {
    /// The port it listens on.
    let port: Int
    private let listener: Int32
    private let handler: @Sendable (LoopbackRequest) -> LoopbackResponse
    private let state = Mutex<(stopped: Bool, requests: [LoopbackRequest])>((false, []))

    /// Every request received so far, in order.
    var requests: [LoopbackRequest] { state.withLock { $0.requests } }

    /// Starts listening.
    init(handler: @escaping @Sendable (LoopbackRequest) -> LoopbackResponse) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        port = Int(UInt16(bigEndian: address.sin_port))
        Thread.detachNewThread { [self] in acceptLoop() }
    }

    /// Stops accepting; connections in progress finish or are abandoned.
    func stop() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        guard first else { return }
        // Only shut the socket down here: that wakes a blocked accept(2) and fails every later one with EINVAL.
        // The accept thread closes the descriptor when it leaves its loop. Closing it here let the accept
        // thread, between its stopped check and accept(2), call accept on the same descriptor number after
        // another server (a libmicrohttpd endpoint under test) had been given it, stealing that server's
        // connections: the "accept stall" the HTTP limit tests saw under suite load.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private var isStopped: Bool { state.withLock { $0.stopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !isStopped {
            guard let connection = try? SystemCall.run("accept", { accept(listener, nil, nil) }) else { return }
            Thread.detachNewThread { [self] in serve(connection) }
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        guard let request = readRequest(connection) else { return }
        state.withLock { $0.requests.append(request) }
        let response = handler(request)
        let deadline = Date().addingTimeInterval(Double(response.delay.components.seconds)
            + Double(response.delay.components.attoseconds) * 1e-18)
        while Date() < deadline, !isStopped { usleep(5000) }
        if response.closeWithoutResponse || isStopped { return }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        for (name, value) in response.headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let body = response.truncateAfter.map { Array(response.body.prefix($0)) } ?? response.body
        guard send(connection, Array(head.utf8)), send(connection, body) else { return }
        shutdown(connection, Int32(SHUT_WR))
        // Let the client read everything before the socket closes.
        var scratch = [UInt8](repeating: 0, count: 512)
        while recv(connection, &scratch, scratch.count, 0) > 0 {}
    }

    /// Most bytes of a request body read; a larger one is not served.
    private static let maximumBodyBytes = 8 * 1024 * 1024

    private func readRequest(_ connection: Int32) -> LoopbackRequest? {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let terminator: [UInt8] = [13, 10, 13, 10]
        var headEnd: Int?
        var searched = 0
        while headEnd == nil {
            guard bytes.count < 64 * 1024 else { return nil }
            let count = recv(connection, &buffer, buffer.count, 0)
            if count <= 0 { return nil }
            bytes += buffer[0..<count]
            if bytes.count >= 4 {
                headEnd = (max(0, searched - 3)...(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == terminator }
                searched = bytes.count
            }
        }
        guard let headEnd else { return nil }
        let text = String(decoding: bytes[..<headEnd], as: UTF8.self)
        let lines = text.components(separatedBy: "\r\n")
        let requestLine = lines[0].split(separator: " ")
        guard requestLine.count == 3 else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = headers["content-length"].flatMap { Int($0) } ?? 0
        guard length <= Self.maximumBodyBytes else { return nil }
        var body = Array(bytes[(headEnd + 4)...])
        while body.count < length {
            let count = recv(connection, &buffer, min(buffer.count, length - body.count), 0)
            if count <= 0 { return nil }
            body += buffer[0..<count]
        }
        let target = String(requestLine[1])
        let parts = target.split(separator: "?", maxSplits: 1)
        var query: [String: String] = [:]
        if parts.count == 2 {
            for item in parts[1].split(separator: "&") {
                let pair = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = String(pair[0]).removingPercentEncoding ?? String(pair[0])
                let value = pair.count > 1 ? (String(pair[1]).removingPercentEncoding ?? String(pair[1])) : ""
                query[name] = value
            }
        }
        return LoopbackRequest(
            method: String(requestLine[0]), path: String(parts[0]), query: query, target: target, headers: headers,
            body: Array(body.prefix(length)))
    }

    private func send(_ connection: Int32, _ bytes: [UInt8]) -> Bool {
        (try? SystemCall.sendAll(connection, bytes)) != nil
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 201: "Created"
        case 403: "Forbidden"
        case 400: "Bad Request"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

/// A TCP port on 127.0.0.1 with nothing listening: bound, then closed, so connecting is refused, unless
/// another socket takes it meanwhile; a test that needs a refusal keeps a ``RefusedLoopbackPort`` instead.
public func unusedLoopbackPort() -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}
