public import Diagnostics
import LEDs
public import OpenMeteo
public import Sensors
public import WebAPI

/// How `breeze-station demo` runs (every option has a default; docs in the command's help).
public struct DemoOptions: Sendable {
    /// The emulated sensor (a UART model: it runs on a pseudo-terminal, read by the production serial code).
    public var model: SensorModel = .pms5003
    /// A second emulated sensor (channel B, `sensor_b`); nil: one sensor.
    public var sensorB: SensorModel?
    /// The air it measures.
    public var scenario: DemoScenario = .smokyDay
    /// PM2.5 around which the scenario moves, µg/m³.
    public var baseline: Double = 10
    /// How many times faster than real time the station's clock runs (1 to 600).
    public var speed: Double = 1
    /// Where the HTTP endpoint listens (another free port of the same host when this one is taken).
    public var listen = ListenAddress(host: .ipv4([127, 0, 0, 1]), port: 8080)
    /// Where the history goes; nil: a new temporary directory, deleted at the end.
    public var stateDirectory: String?
    /// The place Open-Meteo is asked about (Berlin by default); nil: none.
    public var place: NamedPlace? = GeoCoordinate(latitude: 52.52, longitude: 13.41).map {
        NamedPlace(name: "Berlin", coordinate: $0)
    }
    /// Whether Open-Meteo is used (never with a speed above 1: the station's clock would run ahead of it).
    public var openMeteo = true
    /// The lowest log level shown.
    public var logLevel: LogLevel = .notice
    /// The user's configuration (`--config FILE`): the demo runs it, overriding only the sensor link (the
    /// emulator), the LED backend (the terminal) and the state directory (temporary, or `--state-dir`).
    public var base: StationConfiguration?
    /// The file `base` was read from, for the welcome text.
    public var basePath: String?
    /// Whether `--place`/`--latitude`/`--longitude` were given (they win over the configuration's location).
    public var placeGiven = false

    /// The fastest speed: a station minute is 100 ms of real time, still a few samples over a real serial link.
    public static let maximumSpeed: Double = 600

    /// The defaults.
    public init() {}

    /// Whether Open-Meteo runs: asked for, and the station's clock is the world's.
    public var usesOpenMeteo: Bool { openMeteo && speed == 1 && place != nil }

    /// Seconds of station time between samples: 5, or longer at high speeds so a real serial link (about
    /// 40 ms a reading) keeps up.
    public var sampleInterval: Double { max(5, 0.05 * speed) }
}
