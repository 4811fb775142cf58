public import FoundationEssentials

/// The air's temperature, humidity and pressure at the station, as the snapshot carries it: from the
/// `climate` sensor (SHT3x, SHT4x, BME280) or, without one, from a PM sensor that measures them (PMS5003T/ST).
/// Uploaders and renderers read it from ``StationSnapshot/climate``.
public struct ClimateReading: Sendable, Hashable {
    /// Where a climate reading comes from. Raw values are the API's `source` strings.
    public enum Source: String, Sendable, Hashable, CaseIterable {
        /// The `climate` section's I²C sensor.
        case climate
        /// The particulate sensor's own temperature and humidity (PMS5003T/ST).
        case sensor
    }

    /// Air temperature, °C (after `climate.temperature_offset_c`); nil when the source has none.
    public var temperature: Double?
    /// Relative humidity, % (0-100); nil when the source has none.
    public var relativeHumidity: Double?
    /// Barometric pressure, Pa; nil for sensors without a barometer (everything but the BME280).
    public var pressure: Double?
    /// Which kind of sensor it came from.
    public var source: Source
    /// The sensor's model as the configuration names it (`bme280`, `pms5003t`...).
    public var model: String
    /// When it was measured (station clock).
    public var time: Date

    /// A reading; every value is in the unit its property documents.
    public init(
        temperature: Double?, relativeHumidity: Double?, pressure: Double? = nil, source: Source, model: String,
        time: Date
    ) {
        self.temperature = temperature
        self.relativeHumidity = relativeHumidity
        self.pressure = pressure
        self.source = source
        self.model = model
        self.time = time
    }

    /// Barometric pressure in hPa (the unit weather services and Home Assistant show); nil without one.
    public var pressureHectopascals: Double? { pressure.map { $0 / 100 } }
}
