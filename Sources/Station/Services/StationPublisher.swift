public import AirQuality
import Clocks
import Diagnostics
public import Sensors
import StationSnapshot
import Synchronization

/// Hands the pipeline's output to its subscribers, one list in order (``StationOutputSubscriber``): the store
/// (completed minutes), the MQTT publisher, the HTTP endpoint (swapped atomically, each body rendered on its
/// first request), the LEDs, the snapshot broadcast. One refresh at a time, so a newer snapshot is never
/// overwritten by an older one. Logs when the AQI's source or level changes.
public final class StationPublisher: Sendable {
    private let pipeline: StationPipeline
    private let clock: any StationClock
    private let logger: Logger
    private let subscribers: [any StationOutputSubscriber]
    private let last = Mutex<(source: AQISource?, level: AQILevel?, reconciliation: ReconciliationState?)>((nil, nil, nil))

    init(pipeline: StationPipeline, clock: any StationClock, logger: Logger, subscribers: [any StationOutputSubscriber]) {
        self.pipeline = pipeline
        self.clock = clock
        self.logger = logger
        self.subscribers = subscribers
    }

    /// Adds a sample of `channel` (`a`: `sensor`, `b`: `sensor_b`) and publishes.
    public func record(_ sample: SensorSample, channel: ChannelAgreement.Channel = .a) {
        publish(adding: sample, channel: channel)
    }

    /// Builds the state now and hands it on; returns it.
    @discardableResult
    public func refresh() -> StationOutput {
        publish(adding: nil, channel: .a)
    }

    @discardableResult
    private func publish(adding sample: SensorSample?, channel: ChannelAgreement.Channel) -> StationOutput {
        last.withLock { last in
            // Under the lock with the refresh, so the minutes reach the store in the order they were completed.
            var completedA: [MinuteAggregate] = []
            var completedB: [MinuteAggregate] = []
            if let sample {
                switch channel {
                case .a: completedA = pipeline.record(sample)
                case .b: completedB = pipeline.recordB(sample)
                }
            }
            let now = clock.now
            completedA += pipeline.advance(to: now)
            completedB += pipeline.advanceB(to: now)
            var output = pipeline.snapshot(at: now)
            output.completedMinutes = completedA
            output.completedMinutesB = completedB
            output.snapshot.metricSources += subscribers.compactMap(\.metricSource)
            for subscriber in subscribers { subscriber.receive(output) }
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
