public import AirQuality
import Clocks
import Diagnostics
import MQTT
public import Sensors
import StationEndpoint
import StationSnapshot
import Synchronization

/// Hands the pipeline's output to everyone who shows it: the HTTP endpoint (swapped atomically, each body
/// rendered on its first request), the LEDs, the MQTT publisher, the snapshot broadcast; and completed minutes to the store. One refresh at a
/// time, so a newer snapshot is never overwritten by an older one. Logs when the AQI's source or level changes.
public final class StationPublisher: Sendable {
    private let pipeline: StationPipeline
    private let clock: any StationClock
    private let logger: Logger
    private let endpoint: StationEndpoint?
    private let leds: LEDService?
    private let store: StoreService?
    private let broadcast: SnapshotBroadcast
    private let mqtt: MQTTPublisher?
    private let last = Mutex<(source: AQISource?, level: AQILevel?, reconciliation: ReconciliationState?)>((nil, nil, nil))

    init(
        pipeline: StationPipeline, clock: any StationClock, logger: Logger, endpoint: StationEndpoint?,
        leds: LEDService?, store: StoreService?, broadcast: SnapshotBroadcast, mqtt: MQTTPublisher? = nil
    ) {
        self.pipeline = pipeline
        self.clock = clock
        self.logger = logger
        self.endpoint = endpoint
        self.leds = leds
        self.store = store
        self.broadcast = broadcast
        self.mqtt = mqtt
    }

    /// Adds a sample of `channel` (`a`: `sensor`, `b`: `sensor_b`) and publishes.
    public func record(_ sample: SensorSample, channel: ChannelAgreement.Channel = .a) {
        switch channel {
        case .a: store?.enqueue(pipeline.record(sample))
        case .b: store?.enqueueB(pipeline.recordB(sample))
        }
        refresh()
    }

    /// Builds the state now and hands it on; returns it.
    @discardableResult
    public func refresh() -> StationOutput {
        last.withLock { last in
            let now = clock.now
            store?.enqueue(pipeline.advance(to: now))
            store?.enqueueB(pipeline.advanceB(to: now))
            var output = pipeline.snapshot(at: now)
            if let mqtt {
                // The publisher's counters go to /metrics; it keeps only the newest snapshot (never blocks).
                output.snapshot.metrics += mqtt.metricFamilies
                mqtt.update(output.snapshot)
            }
            endpoint?.publish(output.snapshot)
            leds?.show(output.indicator)
            broadcast.send(output.snapshot)
            describeChanges(output, last: &last)
            return output
        }
    }

    private func describeChanges(
        _ output: StationOutput, last: inout (source: AQISource?, level: AQILevel?, reconciliation: ReconciliationState?)
    ) {
        let selection = output.selection
        if selection.source != last.source {
            let what = selection.aqi.map { "AQI \($0)" } ?? "no AQI"
            logger.notice("AQI source: \(selection.source.rawValue), \(what) (\(selection.reason))")
        } else if selection.level != last.level, let level = selection.level, let aqi = selection.aqi {
            logger.info("level: \(level.text) (AQI \(aqi), \(selection.source.rawValue))")
        }
        let state = output.snapshot.reconciliation?.state
        if state != last.reconciliation, let result = output.snapshot.reconciliation {
            let level: LogLevel = result.state == .sensorSuspect ? .warning : .info
            logger.log(level, "reconciliation: \(result.state.rawValue): \(result.explanation)")
        }
        last = (selection.source, selection.level, state)
    }
}
