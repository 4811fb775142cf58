import Clocks
import Configuration
import Diagnostics
import FoundationEssentials
import JSON
import Lifecycle
import MQTT
import StationSnapshot

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station mqtt-publish`: the MQTT publisher alone, publishing a fixed snapshot, as the station will.
/// For trying a broker and Home Assistant before the station runs, and for the tests that kill the process.
enum MQTTPublishCommand: Subcommand {
    static let name = "mqtt-publish"
    static func signalPolicy(for arguments: [String]) -> SignalPolicy { .foreground }
    static let summary = "Publish a snapshot file to MQTT with Home Assistant discovery"
    static let help = """
        Usage: breeze-station mqtt-publish --config FILE --snapshot FILE

        Connects to the broker of the configuration's "mqtt" section and publishes as the station does:
        `online` on <base>/availability (the last will says `offline`), the Home Assistant discovery configs,
        and the snapshot's state on <base>/state every interval_s. Re-sends the configs when Home Assistant
        announces itself. Runs until SIGTERM or SIGINT, then publishes `offline` and disconnects. See
        docs/home-assistant.md.

        Options:
          --config FILE     the configuration file ("mqtt" section; the station's name from "station.name")
          --snapshot FILE   the snapshot to publish: an /api/v1/current document (see docs/api.md)
          --help            show this help
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        guard let configPath = try arguments.option("--config") else { throw UsageError("--config FILE is required") }
        guard let snapshotPath = try arguments.option("--snapshot") else {
            throw UsageError("--snapshot FILE is required")
        }
        try arguments.finish()

        let file: SnapshotFile
        do {
            file = try SnapshotFile(try JSONValue.parse(try readFile(snapshotPath)))
        } catch let error as SnapshotFileError {
            throw CommandFailure("\(snapshotPath): \(error.description)")
        } catch let error as JSONParseError {
            throw CommandFailure("\(snapshotPath) is not valid JSON: \(error.description)")
        }
        let configuration: MQTTConfiguration
        do {
            let root = try ConfigFile.load(path: configPath)
            var stationName = file.snapshot.station.name
            if case .string(let name)? = root.value("station")?["name"], !name.isEmpty { stationName = name }
            let section = MQTTConfiguration(section: root.section("mqtt"), stationName: stationName)
            for other in ["sensor", "leds", "http", "openmeteo", "storage", "log"] { _ = root.value(other) }
            try root.finish()
            guard let section else {
                throw CommandFailure(
                    status: ExitStatus.configuration, "\(configPath): no \"mqtt\" section (or it is disabled)")
            }
            configuration = section
        } catch let errors as ConfigErrors {
            throw CommandFailure(status: ExitStatus.configuration, "\(configPath): \(errors.description)")
        }

        let logger = Logger(
            label: "mqtt", sink: StandardErrorSink(),
            format: LogFormat.detect(environment: ProcessInfo.processInfo.environment))
        let publisher: MQTTPublisher
        do {
            publisher = try MQTTPublisher(configuration: configuration, logger: logger, clock: SystemClock())
        } catch {
            throw CommandFailure(status: ExitStatus.configuration, error.description)
        }
        publisher.update(file.snapshot)
        let service = Task { try await publisher.run() }
        TerminationSignals.shared.report { logger.notice($0) }
        let signals = Task {
            guard let signal = await TerminationSignals.shared.wait() else { return }
            logger.info("stopping on \(TerminationSignals.name(signal))")
            service.cancel()
        }
        defer { signals.cancel() }
        do {
            try await service.value
        } catch {
            throw CommandFailure("\(error)")
        }
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
