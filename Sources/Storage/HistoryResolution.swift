/// The granularity of a history query.
public enum HistoryResolution: String, Sendable, CaseIterable {
    /// One point per stored minute (kept `retention_days`).
    case minute
    /// One point per hour (kept for good).
    case hour
    /// One point per UTC day, the mean of its hours.
    case day

    /// Length of one step, in seconds.
    public var seconds: Int64 {
        switch self {
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        }
    }
}

/// One point of a history series. Concentrations in µg/m³.
public struct HistoryPoint: Sendable, Hashable {
    /// Start of the interval, seconds since 1970-01-01 UTC.
    public var time: Int64
    /// Number of readings (minute) or minutes (hour, day) behind the point.
    public var count: Int
    /// Mean PM1.0.
    public var pm1: Double?
    /// Mean PM2.5.
    public var pm25: Double?
    /// Mean PM2.5 "CF=1" (the EPA corrections' input), where the sensor reports it.
    public var pm25CF1: Double?
    /// Mean PM10.
    public var pm10: Double?
    /// Smallest PM2.5 in the interval (minute resolution only).
    public var pm25Minimum: Double?
    /// Largest PM2.5 in the interval (minute resolution only).
    public var pm25Maximum: Double?
    /// Mean temperature, °C.
    public var temperature: Double?
    /// Mean relative humidity, % (the humidity the correction used).
    public var humidity: Double?
    /// Mean PM2.5 after the correction as the station showed it; nil for rows stored before it was kept.
    public var pm25Corrected: Double?

    /// A point from its parts.
    public init(
        time: Int64, count: Int, pm1: Double?, pm25: Double?, pm10: Double?, pm25Minimum: Double? = nil,
        pm25Maximum: Double? = nil, temperature: Double? = nil, humidity: Double? = nil, pm25CF1: Double? = nil,
        pm25Corrected: Double? = nil
    ) {
        self.pm25Corrected = pm25Corrected
        self.time = time
        self.count = count
        self.pm1 = pm1
        self.pm25 = pm25
        self.pm25CF1 = pm25CF1
        self.pm10 = pm10
        self.pm25Minimum = pm25Minimum
        self.pm25Maximum = pm25Maximum
        self.temperature = temperature
        self.humidity = humidity
    }
}
