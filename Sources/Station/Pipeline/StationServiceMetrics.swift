import Sensors
import StationSnapshot

/// The station's own counters beyond the `/metrics` contract's: the store, service restarts and the sensor
/// driver's counters (docs/api.md lists them), as values; rendered as metric families only when `/metrics` is.
struct StationServiceMetrics: MetricSource {
    /// The services whose restarts are always reported (0 until one happens).
    static let services = ["sensor", "pipeline", "store", "leds", "reference"]

    /// The history store's state.
    var store: StoreStatus
    /// Restarts of each service by the service group.
    var restarts: [String: Int]
    /// The sensor driver's counters, from its latest report; nil when no sensor runs.
    var statistics: SensorStatistics?

    /// The values of `state`.
    init(_ state: PipelineState) {
        store = state.store
        restarts = state.restarts
        statistics = state.sensor?.statistics
    }

    var metricFamilies: [MetricFamily] {
        var families = [
            MetricFamily(
                name: "breeze_store_up", help: "1 when the last write to the history database succeeded, else 0.",
                kind: .gauge, value: store.isHealthy ? 1 : 0),
            MetricFamily(
                name: "breeze_store_rows_written_total", help: "Minute aggregates written to the history database.",
                kind: .counter, value: Double(store.minutesWritten)),
            MetricFamily(
                name: "breeze_store_write_failures_total",
                help: "Failed writes to the history database (full disk, read-only or missing directory).",
                kind: .counter, value: Double(store.writeFailures)),
            MetricFamily(
                name: "breeze_store_pending_rows", help: "Minute aggregates waiting in memory to be written.",
                kind: .gauge, value: Double(store.pendingMinutes)),
            MetricFamily(
                name: "breeze_store_dropped_rows_total",
                help: "Minute aggregates dropped because the store failed for longer than the memory queue holds.",
                kind: .counter, value: Double(store.droppedMinutes)),
            MetricFamily(
                name: "breeze_store_clock_behind_rows_total",
                help: "Minute aggregates not stored because the system clock was behind the stored history.",
                kind: .counter, value: Double(store.minutesBehindHistory)),
            MetricFamily(
                name: "breeze_store_files_lost_total",
                help: "Times the history database file was found deleted or replaced under the running station (then opened again at its path).",
                kind: .counter, value: Double(store.filesLost)),
        ]
        let names = Set(Self.services).union(restarts.keys).sorted()
        families.append(MetricFamily(
            name: "breeze_service_restarts_total", help: "Times a station service failed and was restarted.",
            kind: .counter,
            samples: names.map { MetricSample(labels: [MetricLabel("service", $0)], value: Double(restarts[$0] ?? 0)) }))
        if let statistics {
            families += [
                MetricFamily(
                    name: "breeze_sensor_samples_total", help: "Good samples the sensor driver delivered.",
                    kind: .counter, value: Double(statistics.samples)),
                MetricFamily(
                    name: "breeze_sensor_timeouts_total", help: "Sensor reads that got no reading in time.",
                    kind: .counter, value: Double(statistics.timeouts)),
                MetricFamily(
                    name: "breeze_sensor_reconnects_total", help: "Times the sensor came back after a disconnect.",
                    kind: .counter, value: Double(statistics.reconnects)),
            ]
        }
        return families
    }
}
