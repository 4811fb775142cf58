/// The mean of one clock hour (UTC) of minute aggregates.
///
/// Each minute counts once (the mean of minute means), so a burst of fast readings in one minute does not
/// outweigh the rest of the hour. Whether the hour is complete enough to use is decided by
/// ``isValid(expectedMinutes:minimumCoverage:)`` with the rule of ``HourlyMean``.
public struct HourlyAggregate: Sendable, Hashable {
    /// The hour, as whole hours since 1970-01-01T00:00Z.
    public var hour: Int64
    /// Number of minutes with data.
    public var minutes: Int
    /// Mean PM1.0, µg/m³.
    public var pm1: Double?
    /// Mean PM2.5, µg/m³.
    public var pm25: Double?
    /// Mean PM10, µg/m³.
    public var pm10: Double?
    /// Mean PM2.5 CF=1, µg/m³.
    public var pm25CF1: Double?
    /// Mean temperature, °C.
    public var temperature: Double?
    /// Mean relative humidity, %.
    public var humidity: Double?
    /// Mean of the minutes' corrected PM2.5, µg/m³ (as the station showed them); nil when no minute has one.
    public var pm25Corrected: Double?

    /// An aggregate from its parts.
    public init(
        hour: Int64, minutes: Int, pm1: Double?, pm25: Double?, pm10: Double?, pm25CF1: Double? = nil,
        temperature: Double? = nil, humidity: Double? = nil, pm25Corrected: Double? = nil
    ) {
        self.pm25Corrected = pm25Corrected
        self.hour = hour
        self.minutes = minutes
        self.pm1 = pm1
        self.pm25 = pm25
        self.pm10 = pm10
        self.pm25CF1 = pm25CF1
        self.temperature = temperature
        self.humidity = humidity
    }

    /// The hourly aggregate of `minutes`, all of which must belong to `hour` (others are ignored); nil
    /// when none does.
    public init?(hour: Int64, minutes: some Sequence<MinuteAggregate>) {
        var count = 0
        var channels = ChannelAccumulator()
        for minute in minutes where minute.hour == hour {
            count += 1
            channels.add(
                pm1: minute.pm1?.mean, pm25: minute.pm25?.mean, pm10: minute.pm10?.mean, pm25CF1: minute.pm25CF1,
                temperature: minute.temperature, humidity: minute.humidity, pm25Corrected: minute.pm25Corrected)
        }
        guard count > 0 else { return nil }
        self.init(
            hour: hour, minutes: count, pm1: channels.pm1.statistic?.mean, pm25: channels.pm25.statistic?.mean,
            pm10: channels.pm10.statistic?.mean, pm25CF1: channels.pm25CF1.statistic?.mean,
            temperature: channels.temperature.statistic?.mean, humidity: channels.humidity.statistic?.mean,
            pm25Corrected: channels.pm25Corrected.statistic?.mean)
    }

    /// The start of the hour, seconds since 1970-01-01 UTC.
    public var startTime: Double { Double(hour) * 3600 }

    /// Whether the hour holds enough minutes to count: at least `minimumCoverage` of `expectedMinutes`
    /// (60 for a sensor read at least once a minute; fewer when the sensor is duty-cycled).
    public func isValid(expectedMinutes: Int = 60, minimumCoverage: Double = HourlyMean.minimumCoverage) -> Bool {
        guard expectedMinutes > 0 else { return false }
        return Double(minutes) / Double(expectedMinutes) >= minimumCoverage - 1e-9
    }
}
