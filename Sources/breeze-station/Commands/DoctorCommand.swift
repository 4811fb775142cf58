import Configuration
import GPIO
import JSON
import MQTT
import OpenMeteo
import Sensors
import Station
import StationDoctor
import WebAPI

/// `breeze-station doctor`: what is wrong with this machine for the station, one line each.
enum DoctorCommand: Subcommand {
    static let name = "doctor"
    static let summary = "Check the board, devices, groups and configuration the station needs"
    static let help = """
        Usage: breeze-station doctor [--config PATH] [--service | --user NAME] [--quiet] [--json] [--root DIR]

        Checks what the station needs from this machine and prints one line per check: ok, info, warn or
        FAIL, each FAIL with what to do. It looks for what users get wrong most: a login console still on the
        sensor's serial port, the UART or I²C switched off in config.txt, a missing device, a device the
        station's user may not open (not in group dialout, i2c or gpio), a GPIO chip label that does not exist
        or a busy line, an invalid configuration, a state directory the station cannot write.

        Access is judged for the systemd service (user breeze-station, in groups gpio, i2c and dialout) when run
        as root, which is the usual way: sudo breeze-station doctor. Run as another user, it judges that user,
        who runs the station by hand.

        Options:
          --config PATH   the configuration file (default /etc/breeze-station/config.json)
          --service       judge access for the systemd service (the default as root)
          --user NAME     judge access for login user NAME, with the groups /etc/group gives them
          --quiet         print only warnings and problems
          --json          print {"findings": [{"severity", "check", "message"}...], "problems", "warnings", "status"}
          --root DIR      examine the system under DIR (a mounted SD card, a test tree) instead of /
          --help          show this help

        Exit status: 0 nothing wrong (warnings allowed); 1 something is wrong; 2 bad arguments.
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let configPath = try arguments.option("--config")
        let root = try arguments.option("--root") ?? "/"
        let user = try arguments.option("--user")
        let service = arguments.flag("--service")
        let quiet = arguments.flag("--quiet")
        let asJSON = arguments.flag("--json")
        try arguments.finish()
        if service && user != nil { throw UsageError("--service and --user exclude each other") }
        guard root.hasPrefix("/") else { throw UsageError("--root needs an absolute path, found '\(root)'") }

        let host = HostSystem(root: root)
        let perspective: DoctorPerspective =
            if let user { .user(user) } else if service || host.identity.isRoot { .service } else { .currentProcess }
        let doctor = StationDoctor(
            host: host, gpio: LibgpiodDriver(deviceDirectory: host.location(of: "/dev")), perspective: perspective,
            configurationPath: configPath.map { absolute($0) } ?? StationService.configurationPath,
            readOtherSections: readOtherSections)
        let report = doctor.examine()
        if asJSON {
            Output.line(report.json.serialized())
        } else {
            report.lines(minimum: quiet ? .warning : .ok).forEach(Output.line)
        }
        return report.exitStatus
    }

    /// The sections the doctor does not read itself, read with the station's own readers (as `check-config`
    /// does), so their problems are reported too.
    static let readOtherSections: @Sendable (ConfigSection) -> Void = { root in
        let station = StationSettings(section: root.section("station"))
        // The doctor reads `sensor` for its device checks; the station's own keys there (`correction`), the
        // second sensor, the climate sensor and the indices are checked as `run` would.
        StationConfiguration.readCorrections(root)
        _ = root.section("sensor_b").flatMap { SensorConfiguration(section: $0) }
        _ = root.section("climate").flatMap { ClimateConfiguration(section: $0) }
        _ = AQIConfiguration(section: root.section("aqi"))
        _ = HTTPConfiguration(section: root.section("http"))
        _ = OpenMeteoConfiguration(section: root.section("openmeteo"))
        _ = StorageConfiguration(
            section: root.section("storage"), environment: ["STATE_DIRECTORY": StationService.stateDirectory])
        _ = MQTTConfiguration(section: root.section("mqtt"), stationName: station.name)
        _ = LogConfiguration(section: root.section("log"))
    }

    /// A relative `--config` is taken from the working directory, as every other command does.
    private static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory == "/" ? "/" + path : directory + "/" + path
    }
}

#if canImport(Glibc)
    import Glibc
#endif
