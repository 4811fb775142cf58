/// What one push interval measured: the means of the sensor's raw readings, the unit of one round of posts.
public struct SensorCommunityReadings: Sendable, Hashable {
    /// Mean PM1 in µg/m³ as read (nil: the sensor has no PM1 channel, or no reading).
    public var pm1_0: Double?
    /// Mean PM2.5 in µg/m³ as read, uncorrected.
    public var pm2_5: Double?
    /// Mean PM10 in µg/m³ as read.
    public var pm10: Double?
    /// The climate sensor's means; nil without one.
    public var climate: Climate?

    /// Means from a climate sensor: temperature, humidity, pressure (each nil when the sensor lacks it).
    public struct Climate: Sendable, Hashable {
        /// °C.
        public var temperature: Double?
        /// Relative humidity, %.
        public var humidity: Double?
        /// Pa (not hPa: Sensor.Community's unit, as airRohr sends a BME280's pressure).
        public var pressure: Double?

        /// Climate means.
        public init(temperature: Double? = nil, humidity: Double? = nil, pressure: Double? = nil) {
            self.temperature = temperature
            self.humidity = humidity
            self.pressure = pressure
        }
    }

    /// Readings.
    public init(pm1_0: Double? = nil, pm2_5: Double? = nil, pm10: Double? = nil, climate: Climate? = nil) {
        self.pm1_0 = pm1_0
        self.pm2_5 = pm2_5
        self.pm10 = pm10
        self.climate = climate
    }

    /// Whether there is anything to send.
    public var isEmpty: Bool { pm1_0 == nil && pm2_5 == nil && pm10 == nil && climate == nil }
}
