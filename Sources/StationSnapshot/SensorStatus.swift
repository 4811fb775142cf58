public import AirQuality
public import FoundationEssentials
public import Measurements

/// The particulate sensor: model, health and the latest reading.
public struct SensorStatus: Sendable, Hashable {
    /// The model, e.g. "PMS5003"; nil when no sensor is configured.
    public var model: String?
    /// Health (the API's strings: `ok`, `warming_up`, `stale`, `fault`, `absent`).
    public var health: LocalSensorHealth
    /// Why the health is what it is, for people ("no frame for 42 s"); nil when ok.
    public var reason: String?
    /// When the latest reading was taken; nil before the first.
    public var readingTime: Date?
    /// The latest reading as the sensor gave it (PM2.5 before correction), µg/m³; nil before the first.
    public var measurement: ParticulateMeasurement?
    /// The PM2.5 correction that actually ran (``PM25Correction/none`` when a wanted one could not).
    public var correction: PM25Correction
    /// PM2.5 after the correction, µg/m³: the value the AQI uses.
    public var correctedPM2_5: Double?
    /// Why a wanted correction did not run, or why `auto` chose none.
    public var correctionNote: String?
    /// `sensor.correction` as configured (`auto` by default).
    public var correctionChoice: PM25CorrectionChoice = .auto
    /// Where the correction's relative humidity came from; nil when no humidity was used (uncorrected, or
    /// a correction without a humidity term).
    public var correctionHumiditySource: CorrectionHumiditySource?
    /// The relative humidity the correction used, %; nil when none was fresh.
    public var correctionHumidity: Double?
    /// Whether the reading was taken above 90 % RH (fog: optical sensors count droplets); nil when the
    /// humidity is unknown.
    public var humidityFlag: Bool?
    /// The recovery steps and I²C retries the driver took so far.
    public var recovery = SensorRecovery()

    /// A status; the default is "no sensor".
    public init(
        model: String? = nil, health: LocalSensorHealth = .absent, reason: String? = nil, readingTime: Date? = nil,
        measurement: ParticulateMeasurement? = nil, correction: PM25Correction = .none,
        correctedPM2_5: Double? = nil, correctionNote: String? = nil
    ) {
        self.model = model
        self.health = health
        self.reason = reason
        self.readingTime = readingTime
        self.measurement = measurement
        self.correction = correction
        self.correctedPM2_5 = correctedPM2_5
        self.correctionNote = correctionNote
    }

    /// Sets the corrected PM2.5 from the engine's result.
    public mutating func apply(_ corrected: CorrectedPM25) {
        correction = corrected.correction
        correctedPM2_5 = corrected.value
        correctionNote = corrected.note
    }

    /// Whether there is a reading at all.
    public var hasReading: Bool { readingTime != nil && measurement != nil }
}
