public import AirQuality
import FoundationEssentials
public import OpenMeteo
public import StationSnapshot

/// Everything the pipeline has been given: measurements, the sensor, Open-Meteo's answers, the state of the
/// LEDs and the store. A value, kept under the pipeline's lock; snapshots are built from it.
public struct PipelineState: Sendable {
    /// Recent minutes and hours.
    public var windows = AirQualityWindows()
    /// The sensor, as its driver's events told it; nil when none runs.
    public var sensor: SensorFeed?
    /// Channel B's recent minutes and hours (`sensor_b`), apart from channel A's until they are compared.
    public var windowsB = AirQualityWindows()
    /// Channel B's sensor (`sensor_b`), as its driver's events told it; nil when none runs.
    public var sensorB: SensorFeed?
    /// The resolved coordinates of the station (given, or `station.place` once looked up).
    public var coordinate: GeoCoordinate?
    /// The reference (current air quality at the station's place); nil while disabled.
    public var reference: CachedValue<AirQualityReading>?
    /// The climate sensor's latest reading (temperature offset applied); nil without one or before its first.
    public var climateReading: ClimateReading?
    /// Open-Meteo's relative humidity at the place, for the EPA corrections.
    public var humidity: CachedValue<HumidityReading>?
    /// The cities of the ticker.
    public var cities: CachedValue<CitiesAirQuality>?
    /// Pollen at the place.
    public var pollen: CachedValue<PollenReport>?
    /// The climate history of today's date at the place.
    public var climate: CachedValue<ClimateHistory>?
    /// Why the place services cannot run yet (a place name not resolved), if so.
    public var locationError: String?
    /// The long-run memory of reconciliation.
    public var reconciliationHistory = ReconciliationHistory()
    /// Reference fetches attempted and failed.
    public var referenceFetches: UInt64 = 0
    /// Reference fetches that failed.
    public var referenceFailures: UInt64 = 0
    /// Whether the LEDs are lit by a running controller.
    public var ledsRunning = false
    /// The history store.
    public var store = StoreStatus()
    /// Restarts of each service by the service group.
    public var restarts: [String: Int] = [:]
    /// The community uploaders' status, by service key (`sensor_community`, `opensensemap`).
    public var uploads: [String: UploadStatus] = [:]

    /// An empty state.
    public init() {}
}
