import CheckedConversions
public import Measurements

/// The readings of one clock minute (UTC): mean, minimum and maximum per channel, and how many readings.
public struct MinuteAggregate: Sendable, Hashable {
    /// The minute, as whole minutes since 1970-01-01T00:00Z.
    public var minute: Int64
    /// Number of readings averaged.
    public var count: Int
    /// PM1.0, µg/m³.
    public var pm1: Statistic?
    /// PM2.5, µg/m³.
    public var pm25: Statistic?
    /// PM10, µg/m³.
    public var pm10: Statistic?
    /// Mean PM2.5 CF=1, µg/m³.
    public var pm25CF1: Double?
    /// Mean temperature, °C.
    public var temperature: Double?
    /// Mean relative humidity, % (the humidity the correction used).
    public var humidity: Double?
    /// PM2.5 after the station's correction, µg/m³, as the station showed it (set when the minute is
    /// completed; nil in rows written before the store kept it).
    public var pm25Corrected: Double?

    /// An aggregate from its parts.
    public init(
        minute: Int64, count: Int, pm1: Statistic?, pm25: Statistic?, pm10: Statistic?, pm25CF1: Double? = nil,
        temperature: Double? = nil, humidity: Double? = nil, pm25Corrected: Double? = nil
    ) {
        self.pm25Corrected = pm25Corrected
        self.minute = minute
        self.count = count
        self.pm1 = pm1
        self.pm25 = pm25
        self.pm10 = pm10
        self.pm25CF1 = pm25CF1
        self.temperature = temperature
        self.humidity = humidity
    }

    /// The start of the minute, seconds since 1970-01-01 UTC.
    public var startTime: Double { Double(minute) * 60 }

    /// The hour the minute belongs to, as whole hours since 1970-01-01T00:00Z.
    public var hour: Int64 { Self.floorDivide(minute, 60) }

    /// The minute that `time` (seconds since 1970 UTC) falls in.
    public static func minute(containing time: Double) -> Int64 {
        Int64(flooringTime: time / 60)
    }

    static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }
}

/// Turns a stream of readings into minute aggregates: a minute is complete when a reading of a later minute
/// arrives, or when the clock passes its end (``flush(before:)``), so a sensor that falls silent still gets
/// its last minute written.
public struct MinuteAggregator: Sendable {
    private var currentMinute: Int64?
    /// The readings of the current minute, accumulated as they arrive (no list of readings is kept).
    private var channels = ChannelAccumulator()
    private var count = 0

    /// An empty aggregator.
    public init() {}

    /// The minute being collected, if any.
    public var pendingMinute: Int64? { currentMinute }

    /// The aggregate of the minute being collected so far (incomplete), if any: a station shows its first
    /// value from it without waiting for the minute to end.
    public var pendingAggregate: MinuteAggregate? { aggregate() }

    /// Adds a measurement taken at `time` (seconds since 1970-01-01 UTC); returns the previous minute's
    /// aggregate when this measurement starts a new minute. A measurement older than the minute being
    /// collected is dropped (the clock went backwards).
    public mutating func add(_ measurement: ParticulateMeasurement, at time: Double) -> MinuteAggregate? {
        let minute = MinuteAggregate.minute(containing: time)
        if let current = currentMinute {
            if minute < current { return nil }
            if minute > current {
                let finished = aggregate()
                start(minute)
                accumulate(measurement)
                return finished
            }
            accumulate(measurement)
            return nil
        }
        start(minute)
        accumulate(measurement)
        return nil
    }

    /// Completes the minute being collected when `time` is past its end (or always, with `time` nil).
    public mutating func flush(before time: Double? = nil) -> MinuteAggregate? {
        guard let current = currentMinute else { return nil }
        if let time, MinuteAggregate.minute(containing: time) <= current { return nil }
        let finished = aggregate()
        start(nil)
        return finished
    }

    /// Starts collecting `minute` (nil: none) with nothing accumulated.
    private mutating func start(_ minute: Int64?) {
        currentMinute = minute
        channels = ChannelAccumulator()
        count = 0
    }

    private mutating func accumulate(_ measurement: ParticulateMeasurement) {
        channels.add(
            pm1: measurement.pm1, pm25: measurement.pm25, pm10: measurement.pm10, pm25CF1: measurement.pm25CF1,
            temperature: measurement.temperature, humidity: measurement.relativeHumidity)
        count += 1
    }

    private func aggregate() -> MinuteAggregate? {
        guard let minute = currentMinute, count > 0 else { return nil }
        return MinuteAggregate(
            minute: minute, count: count, pm1: channels.pm1.statistic, pm25: channels.pm25.statistic,
            pm10: channels.pm10.statistic, pm25CF1: channels.pm25CF1.statistic?.mean,
            temperature: channels.temperature.statistic?.mean, humidity: channels.humidity.statistic?.mean)
    }
}
