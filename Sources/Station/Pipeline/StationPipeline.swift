public import AirQuality
public import FoundationEssentials
import Measurements
import OpenMeteo
public import Sensors
public import StationSnapshot
import Synchronization

/// The station's pipeline in one place: samples become minute aggregates and hourly means, Open-Meteo's
/// answers come in, and ``snapshot(at:)`` turns it all into the station's state — the AQI with its source,
/// the reconciliation, what the LEDs must show — as one ``StationOutput``.
///
/// Synchronous and quick (no I/O, no waiting): the services call it from their tasks; state sits under a
/// `Mutex`. The clock's time is passed in, so it runs on a `ManualClock` (ClocksTestSupport) in tests.
public final class StationPipeline: Sendable {
    /// What the pipeline knows of the configuration.
    public let settings: PipelineSettings
    /// The correction and coverage rules of the station's indices.
    public let evaluator: LocalAirQualityEvaluator
    /// When the station started.
    public let startedAt: Date
    private let state = Mutex(PipelineState())

    /// A pipeline with nothing measured yet.
    public init(settings: PipelineSettings, startedAt: Date) {
        self.settings = settings
        self.startedAt = startedAt
        evaluator = LocalAirQualityEvaluator(
            correction: settings.correction, expectedMinutesPerHour: settings.expectedMinutesPerHour)
        state.withLock { $0.coordinate = settings.coordinate }
    }

    // MARK: Inputs

    /// Puts back the recent minutes and hours the store holds (at start).
    public func restore(minutes: [MinuteAggregate], hours: [HourlyAggregate]) {
        state.withLock { $0.windows.restore(minutes: minutes, hours: hours) }
    }

    /// The sensor the snapshots show (a new feed after a driver restart), from its driver's report at start.
    public func attach(sensor: SensorFeed?) {
        state.withLock { $0.sensor = sensor }
    }

    /// Takes the driver's latest report (its condition and counters) for `channel`'s sensor.
    public func record(_ report: SensorReport, channel: ChannelAgreement.Channel = .a) {
        state.withLock { state in
            switch channel {
            case .a: state.sensor?.report = report
            case .b: state.sensorB?.report = report
            }
        }
    }

    /// The sensor went away or failed at `time` (its health turned `absent`, `fault` or `stale`): what was
    /// measured before is no longer current (``AirQualityWindows/markInterruption(at:)``).
    public func sensorInterrupted(at time: Date) {
        state.withLock { $0.windows.markInterruption(at: time.timeIntervalSince1970) }
    }

    /// Adds a good sample; returns the minutes it completed, for the store. The humidity stored with it is
    /// the one the correction uses (``CorrectionHumidity``: the climate sensor, the sample's own, Open-Meteo's),
    /// so stored hours are corrected as the live value was; the temperature is the climate sensor's where
    /// there is one.
    public func record(_ sample: SensorSample) -> [MinuteAggregate] {
        state.withLock { state in
            let humidity = SnapshotAssembly.correctionHumidity(
                state, sample: sample, settings: settings, now: sample.time)
            let climate = SnapshotAssembly.freshClimate(state, settings: settings, now: sample.time)
            state.sensor?.latestSample = sample
            var measurement = sample.measurement
            measurement.temperature = climate?.temperature ?? sample.temperature
            measurement.relativeHumidity = humidity.relativeHumidity
            return corrected(state.windows.add(measurement, at: sample.time.timeIntervalSince1970))
        }
    }

    /// Takes the climate sensor's newest reading (the climate service calls it after each good one).
    public func record(climate reading: ClimateReading) {
        state.withLock { $0.climateReading = reading }
    }

    /// Completes the minute being collected once `now` is past it; returns it, for the store.
    public func advance(to now: Date) -> [MinuteAggregate] {
        corrected(state.withLock { $0.windows.advance(to: now.timeIntervalSince1970) })
    }

    /// Completes the minute being collected, whatever the time (shutdown); returns it, for the store.
    public func flush() -> [MinuteAggregate] {
        corrected(state.withLock { $0.windows.flush() })
    }

    /// The minutes with their corrected PM2.5 as the station shows it (the humidity stored with each minute
    /// is the one the correction used), so the store keeps raw and corrected side by side.
    private func corrected(_ minutes: [MinuteAggregate]) -> [MinuteAggregate] {
        minutes.map { minute in
            var minute = minute
            minute.pm25Corrected = minute.pm25.map {
                evaluator.correct(atm: $0.mean, cf1: minute.pm25CF1, humidity: minute.humidity).value
            }
            return minute
        }
    }

    /// Changes the state in any other way (Open-Meteo's answers, the LEDs, the store, restarts).
    public func update(_ body: (inout PipelineState) -> Void) {
        state.withLock { body(&$0) }
    }

    /// A copy of the state.
    public var current: PipelineState { state.withLock { $0 } }

    // MARK: Output

    /// The station's state at `now`: the snapshot every consumer renders and the LED state.
    public func snapshot(at now: Date) -> StationOutput {
        state.withLock { state in
            SnapshotAssembly.output(state: &state, settings: settings, evaluator: evaluator, startedAt: startedAt, now: now)
        }
    }
}
