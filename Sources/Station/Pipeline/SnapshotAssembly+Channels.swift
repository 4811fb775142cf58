import AirQuality
import FoundationEssentials
import LEDs
import OpenMeteo
import Sensors
import StationSnapshot

/// The second sensor in the snapshot: with `sensor_b` the local indices come from both channels, hour by
/// hour as ``AirQuality/ChannelPair`` combines them, and the snapshot carries channel B's block and the
/// agreement. Without it channel A's windows are used as they are.
extension SnapshotAssembly {
    /// The oldest reference whose model hours judge which channel is off, seconds (reconciliation's limit).
    static let maximumChannelReferenceAge: Double = 3 * 3600

    /// The local indices and the verdict on the current hour.
    static func localAirQuality(
        _ state: inout PipelineState, settings: PipelineSettings, evaluator: LocalAirQualityEvaluator,
        humidity: Double?, now: Date
    ) -> (local: LocalAirQuality, agreement: ChannelAgreement) {
        let seconds = now.timeIntervalSince1970
        guard settings.sensorBModel != nil else {
            let local = state.windows.evaluate(now: seconds, evaluator: evaluator, fallbackHumidity: humidity)
            return (local, ChannelAgreement.evaluate(a: nil, b: nil, reference: nil))
        }
        if let health = state.sensorB?.health(at: now), localHealth(health, configured: true).needsFallback {
            state.windowsB.markInterruption(at: health.since.timeIntervalSince1970)
        }
        let liveA = !localHealth(state.sensor?.health(at: now), configured: settings.sensorModel != nil).needsFallback
        let liveB = !localHealth(state.sensorB?.health(at: now), configured: true).needsFallback
        let model = state.reference?.referenceSnapshot.reading(notOlderThan: maximumChannelReferenceAge, at: now)?
            .hourly ?? []
        let pair = ChannelPair(
            a: channel(state.windows, live: liveA), b: channel(state.windowsB, live: liveB), now: seconds,
            reference: { hour in referenceMean(model, hour: hour) })
        let local = AirQualityWindows.evaluate(
            hours: pair.hours, minutes: pair.minutes,
            current: state.windows.hasCurrentReadings || state.windowsB.hasCurrentReadings, now: seconds,
            evaluator: evaluator, fallbackHumidity: humidity)
        return (local, pair.current)
    }

    /// Channel B's block, nil without `sensor_b`: the same as channel A's, from its own driver.
    static func sensorBStatus(
        _ state: PipelineState, settings: PipelineSettings, evaluator: LocalAirQualityEvaluator, now: Date
    ) -> SensorStatus? {
        guard let model = settings.sensorBModel else { return nil }
        var channel = state
        channel.sensor = state.sensorB
        var channelSettings = settings
        channelSettings.sensorModel = model
        let health = localHealth(state.sensorB?.health(at: now), configured: true)
        return sensorStatus(channel, health: health, settings: channelSettings, evaluator: evaluator, now: now)
    }

    /// The LEDs' state: an hour whose channels disagree with no suspect named cannot be trusted, whatever the
    /// NowCast of the hours before says, and is the reason when there is no local value at all. The regional
    /// fallback and the warm-up keep their own patterns.
    static func indicator(_ indicator: IndicatorState, agreement: ChannelAgreement) -> IndicatorState {
        guard agreement.state == .disagree, agreement.suspect == nil else { return indicator }
        switch indicator {
        case .local, .localIndex, .noData: return .fault
        default: return indicator
        }
    }

    static func channel(_ windows: AirQualityWindows, live: Bool) -> ChannelPair.Channel {
        var minutes = windows.recentMinutes
        if let pending = windows.pendingMinute { minutes.append(pending) }
        return ChannelPair.Channel(hours: windows.recentHours, minutes: minutes, live: live)
    }

    /// The model's mean PM2.5 over the clock hour [H, H+1): the mean of its values at both ends, or the one
    /// end it has (as reconciliation compares hours).
    static func referenceMean(_ model: [ModelPM], hour: Int64) -> Double? {
        let start = Double(hour) * 3600
        let ends = model.filter { point in
            let time = point.time.timeIntervalSince1970
            return time == start || time == start + 3600
        }.compactMap(\.pm25)
        guard !ends.isEmpty else { return nil }
        return ends.reduce(0, +) / Double(ends.count)
    }
}
