import Configuration
import Diagnostics
import FoundationEssentials
import Lifecycle
import Station

/// `breeze-station run`: the station daemon.
enum RunCommand: Subcommand {
    static let name = "run"
    static func signalPolicy(for arguments: [String]) -> SignalPolicy { .daemon }
    static let summary = "Run the station: sensor, AQI, LEDs, HTTP, history (the systemd service)"
    static let help = """
        Usage: breeze-station run [--config PATH]

        Runs the station until SIGTERM or SIGINT: reads the sensor, computes the AQI (NowCast, 24-hour mean,
        instantaneous) with the configured correction, reconciles it with Open-Meteo and falls back to the
        regional value while the sensor is gone, drives the status LEDs, serves the HTTP API and keeps the
        history in SQLite. Logs go to standard error (journald priorities under systemd).

        Under systemd (Type=notify): READY=1 once the HTTP endpoint serves; WATCHDOG=1 every third of
        WatchdogSec while the sensor loop makes progress; STOPPING=1 at shutdown. On SIGTERM/SIGINT the LEDs
        go dark and release their lines, the minute being collected is stored, the database is closed, and
        the process exits 0 (within 2 s).

        Options:
          --config PATH   the configuration file (default \(ConfigFile.defaultPath); docs/configuration.md)

        Exit status: 0 stopped by a signal, 1 could not start (the HTTP address cannot be bound), 2 bad
        arguments, 78 invalid or unreadable configuration (EX_CONFIG: systemd does not restart on it).
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let path = try arguments.option("--config") ?? ConfigFile.defaultPath
        try arguments.finish()
        let variables = ProcessInfo.processInfo.environment
        let configuration = try StationConfigurationLoader.load(path: path, environment: variables)
        // Caught from main's first line (TerminationSignals.install), so a SIGTERM during start-up waits
        // here and still shuts down cleanly.
        let signals = TerminationSignals.shared
        var environment = StationEnvironment(variables: variables)
        // Past the start-up's tail: the first sensor frames, the first Open-Meteo fetches, the MQTT connection.
        environment.startUpPagesRelease = .seconds(30)
        let station = StationRuntime(configuration: configuration, environment: environment)
        signals.report { station.logger.notice($0) }
        let watcher = Task {
            guard let signal = await signals.wait() else { return }
            station.logger.notice("\(TerminationSignals.name(signal)) received")
            station.shutdown()
        }
        defer { watcher.cancel() }
        let ending: ServiceGroup.Ending
        do {
            ending = try await station.run()
        } catch {
            throw CommandFailure(error.description)
        }
        // Non-zero, so that systemd's Restart=on-failure starts the station again from scratch.
        if case .serviceEnded(let name, let reason) = ending.cause {
            throw CommandFailure("the station stopped because its \(name) service \(reason)")
        }
        return ExitStatus.success
    }
}
