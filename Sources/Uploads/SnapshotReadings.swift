import AirQuality
public import FoundationEssentials
public import Measurements
public import StationSnapshot

/// What the uploaders take from a station snapshot: the sensor's latest raw reading and, once the station
/// measures climate, its latest climate reading. The one place that knows where those live in a snapshot.
public enum SnapshotReadings {
    /// The latest particulate reading of `snapshot` (µg/m³ as the sensor read it, no correction) and when the
    /// sensor took it; nil before the first or while the sensor is unhealthy (a stale value must not reach the
    /// map as a new measurement).
    public static func particulate(_ snapshot: StationSnapshot) -> (time: Date, measurement: ParticulateMeasurement)? {
        let sensor = snapshot.sensor
        guard let time = sensor.readingTime, let measurement = sensor.measurement, sensor.health == .ok else {
            return nil
        }
        return (time, measurement)
    }

    /// The latest climate reading of `snapshot` (°C, %, Pa) and when it was taken; the uploader averages the
    /// readings and sends them on pin 11 (BME280), 3 (pressure only) or 7 (no pressure).
    public static func climate(_ snapshot: StationSnapshot) -> (time: Date, climate: SensorCommunityReadings.Climate)? {
        snapshot.climate.map {
            ($0.time, SensorCommunityReadings.Climate(temperature: $0.temperature, humidity: $0.relativeHumidity, pressure: $0.pressure))
        }
    }
}
