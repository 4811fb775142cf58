public import Clocks
public import Diagnostics
public import StationSnapshot
public import WebAPI
import JSON
import Synchronization

/// The station's HTTP endpoint: the routes of docs/api.md over an ``HTTPServer``, answered from the latest
/// published ``StationSnapshot``.
///
/// The station calls ``publish(_:)`` with every new snapshot (on its own task; rendering happens there) and
/// the bodies are swapped in one step. Request threads never render a snapshot and never wait on the
/// sensor, the network or the pipeline; only `/metrics` (counters read at scrape time) and
/// `/api/v1/history` (the history provider) do work per request.
///
/// ```swift
/// let endpoint = try StationEndpoint(configuration: http, history: store, clock: SystemClock(), logger: log)
/// try endpoint.start()
/// endpoint.publish(snapshot)   // again whenever the state changes, and at least every few seconds
/// ```
public final class StationEndpoint: Sendable {
    /// The server (for its port and request counters).
    public let server: HTTPServer
    private let metricsBase = Mutex<String>("")
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

    /// Renders `snapshot` into every body and swaps them in at once.
    public func publish(_ snapshot: StationSnapshot) {
        let base = PrometheusText.render(StationMetrics.families(snapshot))
        metricsBase.withLock { $0 = base }
        server.resources.publish(StationRoutes.resources(for: snapshot))
    }

    /// The `/metrics` body now: the snapshot's families, then request counters and process memory.
    func metricsBody() -> String {
        let base = metricsBase.withLock { $0 }
        return base + PrometheusText.render(StationRoutes.scrapeFamilies(server.requestCounters))
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
