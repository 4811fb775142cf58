public import Clocks
public import Diagnostics
public import StationSnapshot
public import WebAPI
import JSON
import Synchronization

/// The station's HTTP endpoint: the routes of docs/api.md over an ``HTTPServer``, answered from the latest
/// published ``StationSnapshot``.
///
/// The station calls ``publish(_:)`` with every new snapshot (once a second at 1 Hz sampling). Publishing
/// renders nothing: it swaps in, at once, how each body is rendered from that snapshot. A body (the JSON
/// documents, the status page, the snapshot part of `/metrics`) is rendered on the first request that asks
/// for it after a publish, once, and kept until the next publish, so a station nobody is looking at spends
/// no time on JSON or HTML. Request threads never wait on the sensor, the network or the pipeline, and the
/// publisher never waits for a render.
///
/// ```swift
/// let endpoint = try StationEndpoint(configuration: http, history: store, clock: SystemClock(), logger: log)
/// try endpoint.start()
/// endpoint.publish(snapshot)   // again whenever the state changes, and at least every few seconds
/// ```
public final class StationEndpoint: Sendable {
    /// The server (for its port and request counters).
    public let server: HTTPServer
    /// The snapshot families of `/metrics`, rendered on the first scrape after a publish.
    private let metricsBase = Mutex(RenderOnce<String>(made: ""))
    private let renders = RenderCounter()
    private let clock: any StationClock

    /// An endpoint (not started). `history` nil: `/api/v1/history` answers 503.
    public init(
        configuration: HTTPConfiguration, history: (any HistoryProvider)?, clock: any StationClock, logger: Logger
    ) throws(HTTPServerError) {
        self.clock = clock
        let metricsBox = MetricsBox()
        let routes = StationRoutes.routes(history: history, clock: clock, metrics: { metricsBox.render() })
        server = try HTTPServer(listen: configuration.listen, limits: configuration.limits, routes: routes, logger: logger)
        metricsBox.endpoint.withLock { $0 = WeakEndpoint(self) }
        server.resources.publish(StationRoutes.fixedResources())
    }

    /// Starts listening.
    public func start() throws(HTTPServerError) { try server.start() }

    /// Stops the server and joins its threads.
    public func stop() { server.stop() }

    /// The bound port while running.
    public var port: UInt16? { server.port }

    /// Makes `snapshot` what every body shows, in one swap; each body is rendered when first asked for.
    public func publish(_ snapshot: StationSnapshot) {
        let renders = renders
        let shared = SharedSnapshot(snapshot)
        let base = RenderOnce<String> {
            renders.count(StationRoutes.metrics)
            return PrometheusText.render(StationMetrics.families(shared.snapshot))
        }
        let replaced = metricsBase.withLock { current in
            defer { current = base }
            return current
        }
        _ = replaced  // the previous snapshot is released here, outside the lock
        server.resources.publish(rendering: StationRoutes.renderers(for: shared, counting: renders))
    }

    /// How many times the snapshot part of `path`'s body has been rendered since the endpoint was made
    /// (`/metrics`, `/`, `/api/v1/current`, ...): what shows that nothing is rendered that nobody asks for.
    public func renderCount(_ path: String) -> Int { renders.value(path) }

    /// The `/metrics` body now: the snapshot's families, then request counters and process memory.
    func metricsBody() -> String {
        let base = metricsBase.withLock { $0 }
        return base.value() + PrometheusText.render(StationRoutes.scrapeFamilies(server.requestCounters))
    }
}

/// Lets the `/metrics` handler, built before the endpoint exists, reach it without a retain cycle.
private final class MetricsBox: Sendable {
    let endpoint = Mutex<WeakEndpoint?>(nil)
    func render() -> String {
        endpoint.withLock { $0?.value }?.metricsBody() ?? ""
    }
}

private struct WeakEndpoint: Sendable {
    weak var value: StationEndpoint?
    init(_ value: StationEndpoint) { self.value = value }
}
