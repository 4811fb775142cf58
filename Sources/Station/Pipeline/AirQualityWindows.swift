public import AirQuality
public import Measurements

/// The station's recent measurements in memory, as the AQI needs them: the minute being collected, the
/// complete minutes of the last two hours, and the hourly aggregates of the last 26 hours (the NowCast needs
/// 12, the 24-hour mean 24). At start they are rebuilt from the store (``restore(minutes:hours:)``), so a
/// restart does not reset the AQI. After the sensor went away or failed (``markInterruption(at:)``) the
/// readings from before are history, not the present: the current indices stay empty until a reading newer
/// than the interruption arrives. Pure: readings and times in, aggregates out.
public struct AirQualityWindows: Sendable {
    /// Complete minutes kept, counted back from the newest (two hours: the current hour and the last).
    public static let minuteHorizon: Int64 = 120
    /// Hours kept, counted back from the current one.
    public static let hourHorizon: Int64 = 26

    private var aggregator = MinuteAggregator()
    private var minutes: [Int64: MinuteAggregate] = [:]
    private var hours: [Int64: HourlyAggregate] = [:]
    /// When the sensor last went away or failed, seconds since 1970; readings up to then are not current.
    private var interruptedAt: Double?
    /// The newest reading added, seconds since 1970.
    private var newestReading: Double?

    /// Empty windows.
    public init() {}

    /// Puts back what the store holds: recent minutes and hours (anything older than the horizons is dropped).
    /// Hours with minutes in memory are recomputed from them as new minutes arrive.
    public mutating func restore(minutes restored: [MinuteAggregate], hours restoredHours: [HourlyAggregate]) {
        for hour in restoredHours { hours[hour.hour] = hour }
        for minute in restored { minutes[minute.minute] = minute }
        if let newest = minutes.keys.max() { prune(newestMinute: newest) }
    }

    /// Adds one measurement taken at `time` (seconds since 1970); returns the minutes it completed (the previous
    /// minute, when this one starts a new one).
    public mutating func add(_ measurement: ParticulateMeasurement, at time: Double) -> [MinuteAggregate] {
        newestReading = max(newestReading ?? time, time)
        guard let finished = aggregator.add(measurement, at: time) else { return [] }
        complete(finished)
        return [finished]
    }

    /// Completes the minute being collected once `time` (seconds since 1970) is past its end, so a sensor that
    /// falls silent still gets its last minute stored. Returns it, if any.
    public mutating func advance(to time: Double) -> [MinuteAggregate] {
        guard let finished = aggregator.flush(before: time) else { return [] }
        complete(finished)
        return [finished]
    }

    /// Completes the minute being collected whatever the time (at shutdown: it is stored as it is).
    public mutating func flush() -> [MinuteAggregate] {
        guard let finished = aggregator.flush() else { return [] }
        complete(finished)
        return [finished]
    }

    /// Records that the sensor went away or failed at `time` (seconds since 1970): an unplug, a fault, a stale
    /// link. Until a reading newer than the latest such time arrives, ``evaluate(now:evaluator:fallbackHumidity:)``
    /// has no instantaneous index and no NowCast, so a replugged sensor still warming up is not shown with
    /// the value it had before it went away.
    public mutating func markInterruption(at time: Double) {
        interruptedAt = max(interruptedAt ?? time, time)
    }

    /// Whether the newest reading is newer than the last interruption (true when there was none: the restored
    /// history of a restart is current until the sensor is found gone).
    public var hasCurrentReadings: Bool {
        guard let interruptedAt else { return true }
        guard let newestReading else { return false }
        return newestReading > interruptedAt
    }

    /// The minute being collected, so far.
    public var pendingMinute: MinuteAggregate? { aggregator.pendingAggregate }

    /// The complete minutes in memory, oldest first.
    public var recentMinutes: [MinuteAggregate] { minutes.values.sorted { $0.minute < $1.minute } }

    /// The hourly aggregates in memory (complete hours and the current one), oldest first.
    public var recentHours: [HourlyAggregate] { hours.values.sorted { $0.hour < $1.hour } }

    /// The station's indices at `now` (seconds since 1970) with `evaluator`'s correction; the minute being
    /// collected counts for the instantaneous index, so the first value shows with the first sample. Without
    /// a reading since the last interruption (``hasCurrentReadings``) the instantaneous index and the NowCast
    /// are nil; the complete hours (the chart, the 24-hour mean, reconciliation) stay.
    public func evaluate(now: Double, evaluator: LocalAirQualityEvaluator, fallbackHumidity: Double?) -> LocalAirQuality {
        var window = Array(minutes.values)
        if let pending = aggregator.pendingAggregate { window.append(pending) }
        return Self.evaluate(
            hours: Array(hours.values), minutes: window, current: hasCurrentReadings, now: now, evaluator: evaluator,
            fallbackHumidity: fallbackHumidity)
    }

    /// The indices of `hours` and `minutes` (the one being collected included) at `now`; without `current`
    /// readings no instantaneous index and no NowCast (``evaluate(now:evaluator:fallbackHumidity:)``).
    public static func evaluate(
        hours: [HourlyAggregate], minutes: [MinuteAggregate], current: Bool, now: Double,
        evaluator: LocalAirQualityEvaluator, fallbackHumidity: Double?
    ) -> LocalAirQuality {
        var result = evaluator.evaluate(hours: hours, minutes: minutes, now: now, fallbackHumidity: fallbackHumidity)
        if !current {
            result.instant = nil
            result.nowCast = nil
            result.instantPM25 = nil
            result.instantPM10 = nil
        }
        return result
    }

    private mutating func complete(_ minute: MinuteAggregate) {
        minutes[minute.minute] = minute
        let hour = minute.hour
        // Every minute of the current hour is in memory (restored minutes reach back two hours), so the hour
        // is recomputed from them, as the store's hour row is.
        if let aggregate = HourlyAggregate(hour: hour, minutes: minutes.values.filter { $0.hour == hour }) {
            hours[hour] = aggregate
        }
        prune(newestMinute: minute.minute)
    }

    private mutating func prune(newestMinute: Int64) {
        let oldestMinute = newestMinute - Self.minuteHorizon
        minutes = minutes.filter { $0.key > oldestMinute }
        let oldestHour = MinuteAggregate(minute: newestMinute, count: 0, pm1: nil, pm25: nil, pm10: nil).hour
            - Self.hourHorizon
        hours = hours.filter { $0.key > oldestHour }
    }
}
