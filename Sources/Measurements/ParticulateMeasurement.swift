/// What one sensor reading says about the air: the values the station pipeline consumes.
///
/// Mass concentrations are the "atmospheric environment" values for ambient reporting where a sensor has both
/// kinds (Plantower); ``pm25CF1`` keeps the "CF=1" PM2.5 that the EPA corrections were fitted on.
public struct ParticulateMeasurement: Sendable, Hashable {
    /// PM1.0 in µg/m³; nil when the sensor does not measure it (SDS011, HPMA115S0).
    public var pm1: Double?
    /// PM2.5 in µg/m³.
    public var pm25: Double
    /// PM4.0 in µg/m³ (SPS30, HPMA115C0).
    public var pm4: Double?
    /// PM10 in µg/m³.
    public var pm10: Double
    /// PM2.5 "CF=1, standard particle" in µg/m³ (Plantower), the input of the EPA corrections.
    public var pm25CF1: Double?
    /// Temperature in °C (PMS5003T, PMS5003ST).
    public var temperature: Double?
    /// Relative humidity in % (PMS5003T, PMS5003ST).
    public var relativeHumidity: Double?
    /// Formaldehyde (HCHO) in µg/m³ (PMS5003S, PMS5003ST).
    public var formaldehyde: Double?
    /// Particles larger than 0.3 µm per 0.1 L of air (Plantower), for diagnostics.
    public var particlesOver0_3um: Int?

    /// A measurement; every value is in the unit its property documents.
    public init(
        pm1: Double? = nil, pm25: Double, pm4: Double? = nil, pm10: Double, pm25CF1: Double? = nil,
        temperature: Double? = nil, relativeHumidity: Double? = nil, formaldehyde: Double? = nil,
        particlesOver0_3um: Int? = nil
    ) {
        self.pm1 = pm1
        self.pm25 = pm25
        self.pm4 = pm4
        self.pm10 = pm10
        self.pm25CF1 = pm25CF1
        self.temperature = temperature
        self.relativeHumidity = relativeHumidity
        self.formaldehyde = formaldehyde
        self.particlesOver0_3um = particlesOver0_3um
    }
}
