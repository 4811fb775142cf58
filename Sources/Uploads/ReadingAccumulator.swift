public import FoundationEssentials
public import Measurements

/// The readings of one push interval, averaged: airRohr sends the mean of what the sensor read since the
/// last push, not the latest value. Pure; the uploader adds each new reading and takes the means when it
/// sends. Bounded: it keeps sums and counts, never the readings themselves.
public struct ReadingAccumulator: Sendable {
    private struct Mean: Sendable {
        var sum = 0.0
        var count = 0

        mutating func add(_ value: Double?) {
            // A non-finite value (a decoder fault) would poison the mean; it is not a reading.
            guard let value, value.isFinite else { return }
            sum += value
            count += 1
        }

        var value: Double? { count > 0 ? sum / Double(count) : nil }
    }

    private var pm1_0 = Mean()
    private var pm2_5 = Mean()
    private var pm10 = Mean()
    private var temperature = Mean()
    private var humidity = Mean()
    private var pressure = Mean()
    private var lastParticulateTime: Date?
    private var lastClimateTime: Date?

    /// An empty interval.
    public init() {}

    /// Adds the particulate reading taken at `time` (µg/m³ as the sensor read it), unless it is the one added
    /// last (snapshots repeat the latest reading until the next one arrives).
    public mutating func addParticulate(time: Date, _ measurement: ParticulateMeasurement) {
        guard time != lastParticulateTime else { return }
        lastParticulateTime = time
        pm1_0.add(measurement.pm1)
        pm2_5.add(measurement.pm25)
        pm10.add(measurement.pm10)
    }

    /// Adds the climate reading taken at `time` (°C, %, Pa), unless it is the one added last.
    public mutating func addClimate(time: Date, _ climate: SensorCommunityReadings.Climate) {
        guard time != lastClimateTime else { return }
        lastClimateTime = time
        temperature.add(climate.temperature)
        humidity.add(climate.humidity)
        pressure.add(climate.pressure)
    }

    /// The means since the last call, and a fresh interval (the last reading times are kept, so a repeated
    /// reading is not counted again in the next interval).
    public mutating func take() -> SensorCommunityReadings {
        let climate = SensorCommunityReadings.Climate(
            temperature: temperature.value, humidity: humidity.value, pressure: pressure.value)
        let readings = SensorCommunityReadings(
            pm1_0: pm1_0.value, pm2_5: pm2_5.value, pm10: pm10.value,
            climate: climate == SensorCommunityReadings.Climate() ? nil : climate)
        pm1_0 = Mean()
        pm2_5 = Mean()
        pm10 = Mean()
        temperature = Mean()
        humidity = Mean()
        pressure = Mean()
        return readings
    }
}
