import CMicroHTTPD
import CMicroHTTPDShim
import Diagnostics
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What libmicrohttpd's threads see of the server, reached through the handler's `void *` (Unmanaged).
/// Everything in it is immutable or synchronised.
final class ServerContext: Sendable {
    let table: RouteTable
    let resources: ResourceStore
    let counters: RequestCounters
    let notFound: PreparedResponse
    let methodNotAllowed: PreparedResponse
    let notReady: PreparedResponse
    let internalError: PreparedResponse
    let nulInTarget: PreparedResponse
    /// 414 and 431 for a request head over the station's budget.
    let targetTooLong: PreparedResponse
    let headTooLarge: PreparedResponse
    let headBudget: RequestHeadBudget
    let logger: Logger
    /// Header and keep-alive deadlines, and room for a fresh client when slow ones hold every slot.
    let watch: ConnectionWatch
    /// The last message libmicrohttpd logged, to explain a failed start.
    let lastLogMessage = Mutex<String?>(nil)

    init(routes: [Route], limits: HTTPLimits, logger: Logger) throws(HTTPServerError) {
        self.watch = ConnectionWatch(limits: limits)
        var seen: Set<String> = []
        for route in routes where !seen.insert(route.path).inserted { throw .duplicateRoute(route.path) }
        self.table = RouteTable(routes)
        self.resources = ResourceStore(routes: routes)
        self.counters = RequestCounters(routePaths: routes.map(\.path))
        self.logger = logger
        let allow = [HTTPHeader("Allow", "GET, HEAD")]
        guard
            let notFound = PreparedResponse(.error(404, "no such resource"), allowsAnyOrigin: true),
            let methodNotAllowed = PreparedResponse(
                .error(405, "method not allowed: this endpoint is read-only (GET and HEAD)", headers: allow),
                allowsAnyOrigin: true),
            let notReady = PreparedResponse(.error(503, "not ready: nothing published yet"), allowsAnyOrigin: true),
            let internalError = PreparedResponse(.error(500, "internal error"), allowsAnyOrigin: true),
            let nulInTarget = PreparedResponse(
                .error(400, "bad request: the request target contains a NUL byte (raw or %00)"), allowsAnyOrigin: true),
            let targetTooLong = PreparedResponse(
                .error(414, "URI too long: the request target is over \(limits.requestHeadBudget.targetBytes) bytes"),
                allowsAnyOrigin: true),
            let headTooLarge = PreparedResponse(
                .error(
                    431,
                    "request header fields too large: the request line and headers take over "
                        + "\(limits.requestHeadBudget.headBytes) bytes "
                        + "(\(RequestHeadBudget.fieldCostBytes) counted per field, parameter and cookie)"),
                allowsAnyOrigin: true)
        else { throw .cannotPrepareResponses }
        self.headBudget = limits.requestHeadBudget
        self.targetTooLong = targetTooLong
        self.headTooLarge = headTooLarge
        self.notFound = notFound
        self.methodNotAllowed = methodNotAllowed
        self.notReady = notReady
        self.internalError = internalError
        self.nulInTarget = nulInTarget
    }

    /// Whether `method` is GET or HEAD.
    @inline(__always)
    func isReadOnly(_ method: UnsafePointer<CChar>) -> Bool {
        strcmp(method, "GET") == 0 || strcmp(method, "HEAD") == 0
    }

    /// Answers one request on a libmicrohttpd thread.
    func answer(
        connection: OpaquePointer, url: UnsafePointer<CChar>, method: UnsafePointer<CChar>
    ) -> Int32 {
        let isGet = strcmp(method, "GET") == 0
        let isReadOnly = isGet || strcmp(method, "HEAD") == 0
        guard let index = table.index(of: url) else {
            return queue(notFound, on: connection, route: nil)
        }
        guard isReadOnly else {
            return queue(methodNotAllowed, on: connection, route: index)
        }
        let route = table.routes[index]
        switch route.provider {
        case .resource:
            let set = resources.snapshot()
            guard let slot = set.responses[index] else {
                return queue(notReady, on: connection, route: index)
            }
            // Rendered here on the first request after a publish, kept for the later ones.
            guard let prepared = slot.value() else {
                logger.log(
                    .error, every: .seconds(60), key: "prepare",
                    "cannot prepare the response of \(route.path) (a header with a line break, or out of memory)")
                return queue(internalError, on: connection, route: index)
            }
            if let notModified = prepared.notModified,
                let field = MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, "If-None-Match"),
                prepared.matches(ifNoneMatch: field)
            {
                counters.count(route: index, status: 304)
                return Self.result(MHD_queue_response(connection, 304, notModified))
            }
            return queue(prepared, on: connection, route: index)
        case .handler(let body):
            let request = HTTPRequest(
                method: isGet ? "GET" : "HEAD", path: route.path, query: QueryReader.read(connection))
            let response = body(request)
            if let stream = response.stream {
                return queueStream(response, stream: stream, on: connection, route: index)
            }
            guard let prepared = PreparedResponse(response, allowsAnyOrigin: route.allowsAnyOrigin) else {
                logger.log(
                    .error, every: .seconds(60), key: "prepare",
                    "cannot prepare the response of \(route.path) (a header with a line break, or out of memory)")
                return queue(internalError, on: connection, route: index)
            }
            return queue(prepared, on: connection, route: index)
        }
    }

    /// Refuses a request whose target held a NUL (``requestTargetHook``), on the first call: the connection
    /// closes after the answer.
    func refuseNUL(connection: OpaquePointer) -> Int32 {
        queue(nulInTarget, on: connection, route: nil)
    }

    /// The station's 414 or 431 for a head over ``headBudget``, queued on the first call (the connection closes
    /// after it); nil when the head fits. `targetLength`: the raw request target's length in bytes.
    func refuseOversize(connection: OpaquePointer, targetLength: Int) -> Int32? {
        let verdict = headBudget.verdict(
            targetLength: targetLength, headLength: breeze_http_request_head_size(connection),
            fieldCount: Int(breeze_http_request_field_count(connection)))
        switch verdict {
        case .fits: return nil
        case .targetTooLong: return queue(targetTooLong, on: connection, route: nil)
        case .headTooLarge: return queue(headTooLarge, on: connection, route: nil)
        }
    }

    @inline(__always)
    private func queue(_ prepared: PreparedResponse, on connection: OpaquePointer, route: Int?) -> Int32 {
        counters.count(route: route, status: prepared.status)
        return Self.result(MHD_queue_response(connection, prepared.status, prepared.response))
    }

    /// Queues a body read from `stream` as it is sent; libmicrohttpd keeps the response until it is done.
    private func queueStream(
        _ response: HTTPResponse, stream: HTTPBodyStream, on connection: OpaquePointer, route index: Int
    ) -> Int32 {
        let route = table.routes[index]
        guard
            let streamed = StreamedResponse.make(
                response, stream: stream, allowsAnyOrigin: route.allowsAnyOrigin, logger: logger, path: route.path)
        else { return queue(internalError, on: connection, route: index) }
        defer { MHD_destroy_response(streamed) }
        let status = UInt32(clamping: response.status)
        counters.count(route: index, status: status)
        return Self.result(MHD_queue_response(connection, status, streamed))
    }

    @inline(__always)
    private static func result(_ value: MHD_Result) -> Int32 { Int32(bitPattern: value.rawValue) }

    /// A message from libmicrohttpd's error log: kept for start failures, logged at most once a minute per kind.
    func log(_ message: String) {
        lastLogMessage.withLock { $0 = message }
        let key = String(message.prefix(32))
        logger.log(.warning, every: .seconds(60), key: key, "libmicrohttpd: \(message)")
    }
}

/// Reads a request's query parameters (already percent-decoded by libmicrohttpd).
enum QueryReader {
    final class Collector {
        var pairs: [(name: String, value: String)] = []
    }

    static func read(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        let collector = Collector()
        let context = Unmanaged.passUnretained(collector).toOpaque()
        _ = MHD_get_connection_values(connection, MHD_ValueKind.GET_ARGUMENT_KIND, queryIterator, context)
        return withExtendedLifetime(collector) { collector.pairs }
    }
}

/// libmicrohttpd's key/value iterator for query arguments; nonisolated, reached only through its context.
private let queryIterator: MHD_KeyValueIterator = { context, _, key, value in
    guard let context, let key else { return .YES }
    let collector = Unmanaged<QueryReader.Collector>.fromOpaque(context).takeUnretainedValue()
    collector.pairs.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
    return .YES
}
