/// Running statistics of the six channels the station averages (PM1.0, PM2.5 and PM10 in µg/m³, PM2.5 CF=1
/// in µg/m³, temperature in °C, relative humidity in %), over readings, minutes or hours alike: the one
/// place that rolls a period up into a longer one. Missing values (nil) are left out channel by channel.
public struct ChannelAccumulator: Sendable, Hashable {
    /// PM1.0.
    public private(set) var pm1 = StatisticAccumulator()
    /// PM2.5 (atmospheric).
    public private(set) var pm25 = StatisticAccumulator()
    /// PM10.
    public private(set) var pm10 = StatisticAccumulator()
    /// PM2.5 CF=1.
    public private(set) var pm25CF1 = StatisticAccumulator()
    /// Temperature.
    public private(set) var temperature = StatisticAccumulator()
    /// Relative humidity.
    public private(set) var humidity = StatisticAccumulator()
    /// PM2.5 after the station's correction, as it was shown.
    public private(set) var pm25Corrected = StatisticAccumulator()

    /// Nothing accumulated.
    public init() {}

    /// Adds one value per channel.
    public mutating func add(
        pm1: Double?, pm25: Double?, pm10: Double?, pm25CF1: Double?, temperature: Double?, humidity: Double?,
        pm25Corrected: Double? = nil
    ) {
        self.pm1.add(pm1)
        self.pm25.add(pm25)
        self.pm10.add(pm10)
        self.pm25CF1.add(pm25CF1)
        self.temperature.add(temperature)
        self.humidity.add(humidity)
        self.pm25Corrected.add(pm25Corrected)
    }
}
