import Clocks
import Configuration
import Diagnostics
import FoundationEssentials
import JSON
import Lifecycle
import StationEndpoint
import StationSnapshot
import WebAPI

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station serve`: the HTTP endpoint alone, serving a fixed snapshot from a file. For trying the API
/// and the status page before the station runs, for the browser test and for `make bench`.
enum ServeCommand: Subcommand {
    static let name = "serve"
    static func signalPolicy(for arguments: [String]) -> SignalPolicy { .foreground }
    static let summary = "Serve the HTTP API and status page from a snapshot file"
    static let help = """
        Usage: breeze-station serve --snapshot FILE [--config FILE] [--listen ADDRESS]

        Serves the station's HTTP endpoint (JSON API, /metrics, the status page) from a fixed snapshot: an
        /api/v1/current document with optional chart, counters, services, ticker and history keys (see
        docs/api.md). Runs until SIGTERM or SIGINT. Prints "listening on ADDRESS:PORT" when ready.

        Options:
          --snapshot FILE   the snapshot document (JSON)
          --config FILE     read the "http" section (listen address and limits) of this configuration file
          --listen ADDRESS  listen here instead (e.g. 127.0.0.1:8080, [::]:8080, 127.0.0.1:0 for any port)
          --help            show this help
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        guard let snapshotPath = try arguments.option("--snapshot") else { throw UsageError("--snapshot FILE is required") }
        let configPath = try arguments.option("--config")
        let listenText = try arguments.option("--listen")
        try arguments.finish()

        var configuration = HTTPConfiguration.standard
        if let configPath {
            do {
                let root = try ConfigFile.load(path: configPath)
                configuration = HTTPConfiguration(section: root.section("http"))
                for other in ["station", "sensor", "leds", "openmeteo", "storage", "mqtt", "log"] { _ = root.value(other) }
                try root.finish()
            } catch {
                throw CommandFailure(status: ExitStatus.configuration, "\(configPath): \(error.description)")
            }
        }
        if let listenText {
            do {
                configuration.listen = try ListenAddress(parsing: listenText)
            } catch {
                throw UsageError("--listen: \(error.description)")
            }
        }
        let file: SnapshotFile
        do {
            file = try SnapshotFile(try JSONValue.parse(try readFile(snapshotPath)))
        } catch let error as SnapshotFileError {
            throw CommandFailure("\(snapshotPath): \(error.description)")
        } catch let error as JSONParseError {
            throw CommandFailure("\(snapshotPath) is not valid JSON: \(error.description)")
        }

        let logger = Logger(
            label: "http", sink: StandardErrorSink(), format: LogFormat.detect(environment: ProcessInfo.processInfo.environment))
        var snapshot = file.snapshot
        snapshot.startedAt = SystemClock().now
        let endpoint = try StationEndpoint(configuration: configuration, history: file.history, clock: SystemClock(), logger: logger)
        endpoint.publish(snapshot)
        do {
            try endpoint.start()
        } catch {
            throw CommandFailure("\(error)")
        }
        let bound = ListenAddress(host: configuration.listen.host, port: endpoint.port ?? configuration.listen.port)
        Output.line("listening on \(bound)")
        let signals = TerminationSignals.shared
        signals.report { logger.notice($0) }
        let signal = await signals.wait()
        endpoint.stop()
        logger.info("stopped by \(signal.map(TerminationSignals.name) ?? "cancellation")")
        return ExitStatus.success
    }

    private static func readFile(_ path: String) throws -> [UInt8] {
        do {
            return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        } catch {
            throw CommandFailure("cannot read \(path): \(error)")
        }
    }
}
