public import AirQuality
public import FoundationEssentials
public import Sensors

/// Channel B (`sensor_b`): its driver and samples go to their own windows; the snapshot compares the two
/// channels hour by hour (``AirQuality/ChannelPair``).
extension StationPipeline {
    /// The second sensor the snapshots show (a new feed after a driver restart).
    public func attach(sensorB: SensorFeed?) {
        update { $0.sensorB = sensorB }
    }

    /// Adds a good sample of channel B; returns the minutes it completed.
    public func recordB(_ sample: SensorSample) -> [MinuteAggregate] {
        var completed: [MinuteAggregate] = []
        update { state in
            state.sensorB?.latestSample = sample
            completed = state.windowsB.add(sample.measurement, at: sample.time.timeIntervalSince1970)
        }
        return completed
    }

    /// Puts back channel B's recent minutes and hours from the store (at start).
    public func restoreB(minutes: [MinuteAggregate], hours: [HourlyAggregate]) {
        update { $0.windowsB.restore(minutes: minutes, hours: hours) }
    }

    /// Completes channel B's minute being collected once `now` is past it; returns it, for the store.
    public func advanceB(to now: Date) -> [MinuteAggregate] {
        var completed: [MinuteAggregate] = []
        update { completed = $0.windowsB.advance(to: now.timeIntervalSince1970) }
        return completed
    }

    /// Completes channel B's minute being collected, whatever the time (shutdown).
    public func flushB() -> [MinuteAggregate] {
        var completed: [MinuteAggregate] = []
        update { completed = $0.windowsB.flush() }
        return completed
    }

    /// Channel B's sensor went away or failed at `time`.
    public func sensorBInterrupted(at time: Date) {
        update { $0.windowsB.markInterruption(at: time.timeIntervalSince1970) }
    }
}
