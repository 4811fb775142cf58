public import AirQuality

/// What a box's sensor measures, as the `opensensemap.sensors` keys name it. Each is sent only when the
/// configuration maps it to one of the box's sensor ids.
public enum OpenSenseMapPhenomenon: String, Sendable, Hashable, CaseIterable {
    /// PM2.5, µg/m³ (the minute's mean).
    case pm25 = "pm2_5"
    /// PM10, µg/m³.
    case pm10
    /// PM1.0, µg/m³.
    case pm1 = "pm1_0"
    /// Temperature, °C.
    case temperature
    /// Relative humidity, %.
    case humidity
    /// Air pressure, hPa (openSenseMap's senseBox templates use hPa).
    case pressure

    /// The value of this phenomenon in `minute`, nil when the minute has none.
    ///
    /// Pressure is nil until the stored minutes carry it (the climate sensor's pressure is not in the
    /// history yet); its sensor id may be configured already.
    public func value(in minute: MinuteAggregate) -> Double? {
        switch self {
        case .pm25: minute.pm25?.mean
        case .pm10: minute.pm10?.mean
        case .pm1: minute.pm1?.mean
        case .temperature: minute.temperature
        case .humidity: minute.humidity
        case .pressure: nil
        }
    }
}
