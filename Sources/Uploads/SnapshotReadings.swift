import AirQuality
public import FoundationEssentials
public import StationSnapshot

/// What the uploaders take from a station snapshot: the sensor's latest raw reading and, once the station
/// measures climate, its latest climate reading. The one place that knows where those live in a snapshot.
public enum SnapshotReadings {
    /// A raw particulate reading (µg/m³ as the sensor read it, no correction) and when it was taken.
    public struct Particulate: Sendable, Hashable {
        /// When the sensor took it.
        public var time: Date
        /// PM1; nil when the sensor has no such channel.
        public var pm1_0: Double?
        /// PM2.5.
        public var pm2_5: Double?
        /// PM10.
        public var pm10: Double?
    }

    /// The latest particulate reading of `snapshot`; nil before the first or while the sensor is unhealthy
    /// (a stale value must not reach the map as a new measurement).
    public static func particulate(_ snapshot: StationSnapshot) -> Particulate? {
        let sensor = snapshot.sensor
        guard let time = sensor.readingTime, sensor.hasReading, sensor.health == .ok else { return nil }
        return Particulate(time: time, pm1_0: sensor.pm1_0, pm2_5: sensor.pm2_5, pm10: sensor.pm10)
    }

    /// CLIMATE HOOK: the latest climate reading of `snapshot` (°C, %, Pa) and when it was taken.
    ///
    /// Nil for now: the snapshot carries no climate reading yet. When the climate sensor is wired into the
    /// snapshot (issue 15: `StationSnapshot.climate`, a `ClimateReading`), this becomes
    /// `snapshot.climate.map { ($0.time, .init(temperature: $0.temperature, humidity: $0.relativeHumidity,
    /// pressure: $0.pressure)) }` (pressure in Pa); the uploader then averages the readings and sends them on
    /// pin 11 (BME280), 3 (pressure only) or 7 (no pressure) with no other change.
    public static func climate(_ snapshot: StationSnapshot) -> (time: Date, climate: SensorCommunityReadings.Climate)? {
        nil
    }
}
