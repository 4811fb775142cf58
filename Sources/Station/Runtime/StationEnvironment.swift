public import Clocks
public import Diagnostics
public import HTTPClient
public import Lifecycle
public import Sensors
import LEDs

/// What the station takes from outside besides its configuration: the process environment, the clock, where
/// logs go, and the seams tests and the demo replace (the sensor's link, the LEDs, the HTTP transport).
public struct StationEnvironment: Sendable {
    /// The process environment: `STATE_DIRECTORY`, `NOTIFY_SOCKET`, `WATCHDOG_USEC`, `JOURNAL_STREAM`,
    /// `BREEZE_STATION_DEBUG_STALL_FILE`.
    public var variables: [String: String]
    /// The station's clock (a `ManualClock` (ClocksTestSupport) in tests, an ``Clocks/AcceleratedClock`` in a fast demo).
    public var clock: any StationClock
    /// Where log lines go.
    public var logSink: any LogSink
    /// How log lines look; nil: journald's format under systemd (`JOURNAL_STREAM`), else the terminal's.
    public var logFormat: LogFormat?
    /// Where the LEDs are drawn.
    public var ledBackend: LEDBackend
    /// Builds the sensor driver; nil: the real device of the configuration (``SensorRuntime/SensorService``).
    public var makeSensorDriver: (@Sendable (SensorConfiguration, SensorPins, any StationClock, Logger) throws -> SensorDriver)?
    /// Builds channel B's driver (`sensor_b`); nil: the real device of its configuration.
    public var makeSensorBDriver: (@Sendable (SensorConfiguration, SensorPins, any StationClock, Logger) throws -> SensorDriver)?
    /// Builds the climate sensor's I²C device; nil: the i2c-dev device of the `climate` section.
    public var makeClimateDevice: (@Sendable (ClimateConfiguration, any StationClock) -> any I2CDevice)?
    /// Whether the SET/RESET pins of the configuration are requested over GPIO.
    public var usesControlPins: Bool
    /// The HTTP transport for Open-Meteo; nil: libcurl with the configuration's timeouts, with retries.
    public var openMeteoTransport: (any HTTPTransport)?
    /// The HTTP transport for the community uploads; nil: libcurl (retries are the uploader's own).
    public var uploadTransport: (any HTTPTransport)?
    /// The longest time between two snapshots (ages and staleness stay true within it).
    public var publishInterval: Duration
    /// How failed services are restarted.
    public var restartPolicy: ServiceGroup.RestartPolicy
    /// When the configured HTTP address is taken, listen on any free port of the same host instead (the demo).
    public var fallsBackToAnyPort: Bool
    /// Real time for the graceful phase of the shutdown (the services stopped one at a time in reverse start
    /// order); then what is left is cancelled at once and, 300 ms later, left behind (``Lifecycle/ServiceGroup``).
    public var shutdownGrace: Duration
    /// How long after `READY=1` the station releases the code pages its start-up touched
    /// (``POSIX/StartUpPages``), so what stays resident is the code it keeps running; nil: never (tests, whose
    /// process runs other code too). `breeze-station run` sets it.
    public var startUpPagesRelease: Duration?

    /// The environment of a station process: the system clock, stderr, the configured LEDs on stdout.
    public init(variables: [String: String], clock: any StationClock = SystemClock()) {
        self.variables = variables
        self.clock = clock
        logSink = StandardErrorSink()
        logFormat = nil
        ledBackend = .configured(TerminalWriter())
        makeSensorDriver = nil
        makeSensorBDriver = nil
        makeClimateDevice = nil
        usesControlPins = true
        openMeteoTransport = nil
        uploadTransport = nil
        publishInterval = .seconds(5)
        restartPolicy = ServiceGroup.RestartPolicy()
        fallsBackToAnyPort = false
        shutdownGrace = .milliseconds(1500)
        startUpPagesRelease = nil
    }
}
