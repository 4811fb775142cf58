public import FoundationEssentials

/// One temperature/humidity (and, for a BME280, pressure) reading from a climate sensor, with its time.
public struct ClimateMeasurement: Sendable, Hashable {
    /// When the reading was taken (station clock).
    public var time: Date
    /// The sensor that produced it.
    public var model: ClimateSensorModel
    /// Air temperature in °C.
    public var temperature: Double
    /// Relative humidity in % (0-100).
    public var relativeHumidity: Double
    /// Barometric pressure in Pa; nil for sensors without a barometer (SHT3x, SHT4x).
    public var pressure: Double?

    /// A measurement; every value is in the unit its property documents.
    public init(
        time: Date, model: ClimateSensorModel, temperature: Double, relativeHumidity: Double,
        pressure: Double? = nil
    ) {
        self.time = time
        self.model = model
        self.temperature = temperature
        self.relativeHumidity = relativeHumidity
        self.pressure = pressure
    }
}
