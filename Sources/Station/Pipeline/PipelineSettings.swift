public import AirQuality
import CheckedConversions
import Clocks
public import LEDs
public import OpenMeteo
public import Sensors

/// What the pipeline needs to know of the configuration, in the pipeline's terms.
public struct PipelineSettings: Sendable {
    /// `station.name`.
    public var stationName: String
    /// The coordinates, when the configuration gives them (a `place` is resolved later).
    public var coordinate: GeoCoordinate?
    /// The sensor, nil when none is configured.
    public var sensorModel: SensorModel?
    /// The PM2.5 correction that runs (`sensor.correction`, `auto` resolved for the sensor).
    public var correction: PM25Correction
    /// `sensor.correction` as configured (`auto` by default).
    public var correctionChoice: PM25CorrectionChoice = .auto
    /// Why `auto` runs no correction on this sensor (one the EPA never fitted); nil otherwise.
    public var correctionReason: String?
    /// The oldest the PM sensor's own humidity may be for the correction, seconds (its `stale_after_s`).
    public var sensorHumidityMaximumAge: Double = 180
    /// The oldest a climate sensor's reading may be for the correction and the API, seconds (three of its
    /// intervals, at least two minutes).
    public var climateMaximumAge: Double = 180
    /// The oldest Open-Meteo's humidity may be for the correction, seconds (its model updates hourly).
    public var openMeteoHumidityMaximumAge: Double = 3 * 3600
    /// Minutes with data a complete hour has: 60 at a sample a minute or faster, fewer for slower sampling.
    public var expectedMinutesPerHour: Int
    /// The LEDs, nil when none are configured.
    public var leds: LEDConfiguration?
    /// Whether the Open-Meteo reference is fetched (enabled and a location).
    public var referenceEnabled: Bool
    /// Whether cities are configured.
    public var citiesEnabled: Bool
    /// Whether pollen and the climate history are fetched (enabled and a location).
    public var placeServicesEnabled: Bool
    /// The second sensor (`sensor_b`, channel B), nil when none is configured.
    public var sensorBModel: SensorModel?
    /// `aqi`: the index shown (LEDs, page, MQTT) and the ones reported beside it.
    public var aqi = AQIConfiguration()

    /// Settings from their values.
    public init(
        stationName: String, coordinate: GeoCoordinate? = nil, sensorModel: SensorModel? = nil,
        correction: PM25Correction = .none, expectedMinutesPerHour: Int = 60, leds: LEDConfiguration? = nil,
        referenceEnabled: Bool = false, citiesEnabled: Bool = false, placeServicesEnabled: Bool = false
    ) {
        self.stationName = stationName
        self.coordinate = coordinate
        self.sensorModel = sensorModel
        self.correction = correction
        self.expectedMinutesPerHour = expectedMinutesPerHour
        self.leds = leds
        self.referenceEnabled = referenceEnabled
        self.citiesEnabled = citiesEnabled
        self.placeServicesEnabled = placeServicesEnabled
    }

    /// The settings `configuration` gives.
    public init(_ configuration: StationConfiguration) {
        var coordinate: GeoCoordinate?
        if case .coordinates(let given) = configuration.station.location { coordinate = given }
        let hasLocation = configuration.station.location != .none
        let openMeteo = configuration.openMeteo.enabled
        let interval = configuration.sensor?.driver.interval.timeInterval ?? 60
        let effective = configuration.effectiveCorrection
        self.init(
            stationName: configuration.station.name, coordinate: coordinate, sensorModel: configuration.sensor?.model,
            correction: effective?.correction ?? .none,
            expectedMinutesPerHour: Self.expectedMinutes(interval: interval), leds: configuration.leds,
            referenceEnabled: openMeteo && hasLocation, citiesEnabled: openMeteo && !configuration.openMeteo.cities.isEmpty,
            placeServicesEnabled: openMeteo && hasLocation)
        aqi = configuration.aqi
        correctionChoice = configuration.correction
        correctionReason = effective?.reason
        if let stale = configuration.sensor?.driver.staleAfter.timeInterval { sensorHumidityMaximumAge = stale }
        sensorBModel = configuration.sensorB?.model
        if let climate = configuration.climate { climateMaximumAge = max(120, 3 * climate.interval.timeInterval) }
    }

    /// Minutes of an hour that get a sample at one sample every `interval` seconds (1 to 60).
    public static func expectedMinutes(interval: Double) -> Int {
        guard interval > 60 else { return 60 }
        return max(1, min(60, Int(clampingRounded: 3600 / interval, .down)))
    }
}
