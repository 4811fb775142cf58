public import MQTT
public import StationEndpoint
public import StationSnapshot

// The subscribers of other modules, adapted here: those modules know snapshots, not the station's output.

extension StationEndpoint: StationOutputSubscriber {
    /// Serves the snapshot from now on.
    public func receive(_ output: StationOutput) { publish(output.snapshot) }
}

extension MQTTPublisher: StationOutputSubscriber {
    /// The counters and gauges now, for `/metrics`.
    public var metricSource: (any MetricSource)? { counters }

    /// Keeps the newest snapshot for its own thread to publish (never blocks).
    public func receive(_ output: StationOutput) { update(output.snapshot) }
}

extension StoreService: StationOutputSubscriber {
    /// Queues the minutes the refresh completed (never blocks: the writes are on the store's thread).
    public func receive(_ output: StationOutput) {
        enqueue(output.completedMinutes)
        enqueueB(output.completedMinutesB)
    }
}

extension LEDService: StationOutputSubscriber {
    /// Shows the output's indicator state.
    public func receive(_ output: StationOutput) { show(output.indicator) }
}

extension SnapshotBroadcast: StationOutputSubscriber {
    /// Hands the snapshot to every stream.
    public func receive(_ output: StationOutput) { send(output.snapshot) }
}
