public import AirQuality
public import Configuration
public import JSON
public import LEDs
public import MQTT
public import OpenMeteo
public import Sensors
public import Uploads
public import WebAPI

/// The station's configuration file (`/etc/breeze-station/config.json`), every section composed: each area
/// reads its own section with its own type, and this puts them together, checks the whole file (unknown keys
/// with a did-you-mean, every problem with its key path) and prints the effective values. Keys are
/// documented in docs/configuration.md.
///
/// ```swift
/// let configuration = try StationConfiguration.load(path: path, environment: environment)  // ConfigErrors
/// print(configuration.json(redactingSecrets: true).prettySerialized())
/// ```
public struct StationConfiguration: Sendable {
    /// The sections, in the order the file and docs/configuration.md list them.
    public static let sections = [
        "station", "sensor", "sensor_b", "climate", "aqi", "leds", "http", "openmeteo", "storage", "mqtt",
        "sensor_community", "opensensemap", "log",
    ]

    /// `station`.
    public var station: StationSettings
    /// `sensor`; nil without a section (no local sensor).
    public var sensor: SensorConfiguration?
    /// `sensor_b`: a second PM sensor (channel B, same keys as `sensor`) checked against the first; nil
    /// without a section.
    public var sensorB: SensorConfiguration?
    /// `sensor.correction`: the PM2.5 correction the station applies to the sensor's readings; `auto` (the
    /// default) is the EPA's extended-smoke correction for Plantower sensors and none for the others.
    public var correction: PM25CorrectionChoice = .auto
    /// `sensor_b.correction`, read and printed like `sensor.correction` (the channels are compared before
    /// correction, and channel B's history is corrected the way channel A's is: docs/api.md).
    public var correctionB: PM25CorrectionChoice = .auto
    /// `climate`; nil without a section (no climate sensor: the PM sensor's own humidity, else Open-Meteo's).
    public var climate: ClimateConfiguration?
    /// `aqi`: the index shown and the ones reported beside it.
    public var aqi: AQIConfiguration
    /// `leds`; nil without a section (no LEDs).
    public var leds: LEDConfiguration?
    /// `http`.
    public var http: HTTPConfiguration
    /// `openmeteo`.
    public var openMeteo: OpenMeteoConfiguration
    /// `storage`.
    public var storage: StorageConfiguration
    /// `mqtt`; nil without a section (no MQTT).
    public var mqtt: MQTTConfiguration?
    /// `sensor_community`; nil without a section (nothing pushed to the map).
    public var sensorCommunity: SensorCommunityConfiguration?
    /// `opensensemap`; nil without a section (nothing sent to openSenseMap, no outbox).
    public var openSenseMap: OpenSenseMapConfiguration?
    /// `log`.
    public var log: LogConfiguration

    /// A configuration from its parts; the defaults are those of an empty file.
    public init(
        station: StationSettings = StationSettings(), sensor: SensorConfiguration? = nil,
        aqi: AQIConfiguration = AQIConfiguration(), leds: LEDConfiguration? = nil, http: HTTPConfiguration = .standard,
        openMeteo: OpenMeteoConfiguration = OpenMeteoConfiguration(), storage: StorageConfiguration,
        mqtt: MQTTConfiguration? = nil, sensorCommunity: SensorCommunityConfiguration? = nil,
        openSenseMap: OpenSenseMapConfiguration? = nil, log: LogConfiguration = LogConfiguration(),
        climate: ClimateConfiguration? = nil
    ) {
        self.climate = climate
        self.station = station
        self.sensor = sensor
        self.aqi = aqi
        self.leds = leds
        self.http = http
        self.openMeteo = openMeteo
        self.storage = storage
        self.mqtt = mqtt
        self.sensorCommunity = sensorCommunity
        self.openSenseMap = openSenseMap
        self.log = log
    }

    /// Reads and checks the file at `path`. `environment` gives `STATE_DIRECTORY` (the default storage path);
    /// `boardSerial` the board's serial for the default `sensor_community.node_id`.
    ///
    /// - Throws: ``Configuration/ConfigErrors`` with every problem found, each naming its key path (or the
    ///   file, when it cannot be read or is not JSON).
    public static func load(
        path: String, environment: [String: String], boardSerial: BoardSerial = .system
    ) throws(ConfigErrors) -> StationConfiguration {
        try parse(ConfigFile.load(path: path), environment: environment, boardSerial: boardSerial)
    }

    /// Reads and checks a parsed file.
    public static func parse(
        _ root: ConfigSection, environment: [String: String], boardSerial: BoardSerial = .system
    ) throws(ConfigErrors) -> StationConfiguration {
        let configuration = StationConfiguration(root: root, environment: environment, boardSerial: boardSerial)
        try root.finish()
        return configuration
    }

    /// Reads every section of `root`, recording problems there (``Configuration/ConfigSection/finish()``
    /// throws them).
    init(root: ConfigSection, environment: [String: String], boardSerial: BoardSerial = .system) {
        station = StationSettings(section: root.section("station"))
        let sectionA = root.section("sensor")
        sensor = sectionA.flatMap { SensorConfiguration(section: $0) }
        correction = Self.readCorrection(sectionA)
        let sectionB = root.section("sensor_b")
        sensorB = sectionB.flatMap { SensorConfiguration(section: $0) }
        correctionB = Self.readCorrection(sectionB)
        if let sensorB, let sensor, let sectionB, let clash = Self.sameDevice(sensor, sensorB) {
            sectionB.record(clash.key, "\(clash.device) is sensor's too; channel B needs its own sensor")
        }
        climate = root.section("climate").flatMap { ClimateConfiguration(section: $0) }
        aqi = AQIConfiguration(section: root.section("aqi"))
        leds = LEDConfiguration.read(from: root)
        http = HTTPConfiguration(section: root.section("http"))
        openMeteo = OpenMeteoConfiguration(section: root.section("openmeteo"))
        storage = StorageConfiguration(section: root.section("storage"), environment: environment)
        // The MQTT client id and topics default from the station's name.
        mqtt = MQTTConfiguration(section: root.section("mqtt"), stationName: station.name)
        sensorCommunity = SensorCommunityConfiguration(section: root.section("sensor_community"), boardSerial: boardSerial)
        openSenseMap = OpenSenseMapConfiguration(section: root.section("opensensemap"))
        log = LogConfiguration(section: root.section("log"))
    }

    /// The device two sensor sections share, with the key of `sensor_b` that names it; nil when apart (two
    /// drivers on one UART would steal each other's bytes, and one I²C sensor is not a second opinion).
    static func sameDevice(_ a: SensorConfiguration, _ b: SensorConfiguration) -> (key: String, device: String)? {
        switch (a.model.bus, b.model.bus) {
        case (.serial, .serial) where a.serialPath == b.serialPath:
            return ("serial.path", a.serialPath)
        case (.i2c, .i2c) where a.i2cBus == b.i2cBus && a.i2cAddress == b.i2cAddress:
            return ("i2c.address", "address \(a.i2cAddress) on /dev/i2c-\(a.i2cBus)")
        default:
            return nil
        }
    }

    /// The effective configuration: every section in documentation order, every key with its value or
    /// default, `null` for absent optional sections. With `redactingSecrets`, every URL (`*_url`, `url`) has
    /// its userinfo and query values (where credentials and API keys live) shown as `***`; this is what
    /// `check-config` prints and the start-up log line holds.
    public func json(redactingSecrets: Bool = true) -> JSONValue {
        let document: JSONValue = [
            "station": station.json,
            "sensor": Self.sensorJSON(sensor, correction: correction),
            "sensor_b": Self.sensorJSON(sensorB, correction: correctionB),
            "climate": climate?.json ?? .null,
            "aqi": aqi.json,
            "leds": leds?.json ?? .null,
            "http": http.json,
            "openmeteo": openMeteo.json,
            "storage": storage.json,
            // The password lives in its file and is never read here; the file's path is not a secret.
            "mqtt": mqtt?.json ?? .null,
            "sensor_community": sensorCommunity?.json ?? .null,
            // The box token lives in its file and is never read here.
            "opensensemap": openSenseMap?.json ?? .null,
            "log": log.json,
        ]
        return redactingSecrets ? SecretRedaction.redactingURLs(in: document) : document
    }
}
