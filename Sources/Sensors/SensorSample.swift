public import FoundationEssentials
public import Measurements

/// One accepted reading: a plausible measurement, when it was taken, and by which sensor.
/// This is what the station pipeline consumes.
public struct SensorSample: Sendable, Hashable {
    /// When the reading arrived (station clock).
    public var time: Date
    /// The sensor that produced it.
    public var model: SensorModel
    /// The values.
    public var measurement: ParticulateMeasurement

    /// A sample.
    public init(time: Date, model: SensorModel, measurement: ParticulateMeasurement) {
        self.time = time
        self.model = model
        self.measurement = measurement
    }

    /// PM1.0 in µg/m³ (atmospheric), when the sensor measures it.
    public var pm1: Double? { measurement.pm1 }
    /// PM2.5 in µg/m³ (atmospheric).
    public var pm25: Double { measurement.pm25 }
    /// PM10 in µg/m³ (atmospheric).
    public var pm10: Double { measurement.pm10 }
    /// The CF=1 PM2.5 in µg/m³ for the EPA corrections, where the sensor has it.
    public var pm25CF1: Double? { measurement.pm25CF1 }
    /// Temperature in °C, where the sensor has it.
    public var temperature: Double? { measurement.temperature }
    /// Relative humidity in %, where the sensor has it.
    public var relativeHumidity: Double? { measurement.relativeHumidity }
}
