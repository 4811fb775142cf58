import Diagnostics
import JSON
import WebAPI

/// A server on a kernel-chosen loopback port with a few routes, for tests.
func makeServer(
    limits: HTTPLimits = .standard, listen: ListenAddress = ListenAddress(host: .ipv4([127, 0, 0, 1]), port: 0),
    logSink: InMemoryLogSink = InMemoryLogSink()
) throws -> HTTPServer {
    let routes: [Route] = [
        .resource("/api/thing", allowsAnyOrigin: true),
        .resource("/page"),
        .resource("/unpublished"),
        .handler("/echo", allowsAnyOrigin: true) { request in
            .json(.object(request.query.map { (key: $0.name, value: JSONValue.string($0.value)) }))
        },
    ]
    let server = try HTTPServer(
        listen: listen, limits: limits, routes: routes,
        logger: Logger(label: "http", minimumLevel: .debug, sink: logSink, format: .terminal))
    server.resources.publish([
        "/api/thing": HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", "application/json"), HTTPHeader("Cache-Control", "no-cache")],
            body: Array(#"{"thing":1}"#.utf8), entityTagged: true),
        "/page": HTTPResponse(
            status: 200, headers: [HTTPHeader("Content-Type", "text/html; charset=utf-8")], body: Array("<p>hi</p>".utf8)),
    ])
    try server.start()
    return server
}

