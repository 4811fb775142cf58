import Foundation
import MQTTTestSupport
import Testing

/// `breeze-station mqtt-publish` as a separate process against a real mosquitto: what the broker does when
/// the station dies (SIGKILL), freezes (SIGSTOP: only the keepalive notices) or stops (SIGTERM).
@Suite(
    "breeze-station mqtt-publish",
    .enabled(if: MosquittoBroker.testsEnabled, "make mqtt-broker-tests (mosquitto, BREEZE_MQTT_BROKER_TESTS=1)"),
    .timeLimit(.minutes(2)))
struct MQTTPublishCommandTests {
    static let keepalive = 5.0

    /// A configuration and snapshot in a temporary directory, and the station process.
    final class Station {
        let directory: URL
        let configPath: String
        let snapshotPath: String
        let stderrPath: String
        private(set) var process: ChildProcess?

        /// Each test's station has its own name (and so client id and topics), so nothing can mix them up.
        /// `keepalive` nil leaves `keepalive_s` out: the station's default.
        init(name: String, port: Int, keepalive: Int? = Int(MQTTPublishCommandTests.keepalive), mqtt extra: String = "") throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent(
                "breeze-mqtt-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            configPath = directory.appendingPathComponent("config.json").path
            snapshotPath = directory.appendingPathComponent("snapshot.json").path
            stderrPath = directory.appendingPathComponent("stderr.log").path
            try Data(
                """
                {"station": {"name": "\(name)", "latitude": 52.52, "longitude": 13.405},
                 "mqtt": {"url": "mqtt://127.0.0.1:\(port)", \(keepalive.map { "\"keepalive_s\": \($0)," } ?? "")
                          "reconnect_max_s": 2\(extra)}}
                """.utf8
            ).write(to: URL(fileURLWithPath: configPath))
            try Data(
                """
                {"station": {"name": "Balcony"}, "time": "2026-03-01T12:00:00Z",
                 "sensor": {"model": "PMS5003", "health": "ok", "age_s": 2, "pm1_0": 8.2, "pm2_5": 14.6, "pm10": 19.9},
                 "aqi": {"value": 57, "source": "local", "basis": "nowcast", "pollutant": "pm2_5"}}
                """.utf8
            ).write(to: URL(fileURLWithPath: snapshotPath))
        }

        deinit {
            process?.kill()
            try? FileManager.default.removeItem(at: directory)
        }

        func start() throws {
            let descriptor = open(stderrPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            defer { close(descriptor) }
            process = try ChildProcess(
                executable: StationBinary.url.path,
                arguments: ["mqtt-publish", "--config", configPath, "--snapshot", snapshotPath],
                standardError: descriptor)
        }

        var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }
    }

    /// Broker, subscriber and a running station (named `name`) that has said `online`.
    func started(_ name: String, keepalive: Int? = Int(Self.keepalive)) async throws
        -> (MosquittoBroker, MQTTSubscriber, Station)
    {
        let broker = try await MosquittoBroker()
        try await broker.start()
        let subscriber = try await MQTTSubscriber(port: broker.port)
        let station = try Station(name: name, port: broker.port, keepalive: keepalive)
        try station.start()
        let base = "breeze/\(name.lowercased())"
        let online = try await subscriber.next(timeout: .seconds(30)) { $0.topic == "\(base)/availability" }
        #expect(online.text == "online", "\(station.stderr)")
        _ = try await subscriber.next(timeout: .seconds(10)) { $0.topic == "\(base)/state" }
        return (broker, subscriber, station)
    }

    @Test("SIGKILL: the broker publishes the retained last will `offline` within 1.5 × keepalive")
    func killed() async throws {
        let (broker, subscriber, station) = try await started("Killed")
        let process = try #require(station.process)
        let killed = ContinuousClock.now
        process.send(SIGKILL)
        let offline = try await subscriber.next(after: killed, timeout: .seconds(Self.keepalive * 1.5)) {
            $0.topic == "breeze/killed/availability"
        }
        #expect(offline.text == "offline")
        #expect(offline.arrival - killed <= .seconds(Self.keepalive * 1.5))
        #expect(await process.wait(timeout: .seconds(5)).flatMap(ChildProcess.terminatingSignal) == SIGKILL)
        // Retained: Home Assistant starting later sees the station unavailable.
        let later = try await MQTTSubscriber(port: broker.port, topics: ["breeze/killed/availability"])
        #expect(try await later.next(timeout: .seconds(5)) { $0.retained }.text == "offline")
        #expect(broker.log.contains("Client breeze-killed closed its connection"), "\(broker.log)")
    }

    @Test("SIGSTOP with the default keepalive (15 s): the broker declares the frozen station offline within 30 s")
    func frozen() async throws {
        // The station's defaults, as a user has them: no keepalive_s in the configuration.
        let (broker, subscriber, station) = try await started("Frozen", keepalive: nil)
        let process = try #require(station.process)
        let stopped = ContinuousClock.now
        process.send(SIGSTOP)
        defer { process.send(SIGKILL) }
        // The promise to Home Assistant users (docs/home-assistant.md): offline within 30 s of a freeze. The
        // broker allows 1.5 × 15 s = 22.5 s (mosquitto counts whole seconds) and sweeps every few seconds.
        let bound = Duration.seconds(30)
        let offline: MQTTSubscriber.Message
        do {
            offline = try await subscriber.next(after: stopped, timeout: bound) {
                $0.topic == "breeze/frozen/availability"
            }
        } catch {
            throw MosquittoBroker.Failure("\(error)\nstation: \(station.stderr)\nbroker: \(broker.log)")
        }
        #expect(offline.text == "offline")
        let elapsed = offline.arrival - stopped
        print("SIGSTOP → offline with the default keepalive: \(elapsed)")
        #expect(elapsed <= bound)
        #expect(broker.log.contains("Client breeze-frozen has exceeded timeout, disconnecting"), "\(broker.log)")
        // Not a closed socket: the broker waited for the keepalive (15 s) to run out.
        #expect(elapsed >= .seconds(15))
    }

    @Test("SIGTERM: the station publishes `offline` itself, disconnects cleanly and exits 0")
    func terminated() async throws {
        let (broker, subscriber, station) = try await started("Terminated")
        let process = try #require(station.process)
        let terminated = ContinuousClock.now
        process.send(SIGTERM)
        let offline = try await subscriber.next(after: terminated, timeout: .seconds(5)) {
            $0.topic == "breeze/terminated/availability"
        }
        #expect(offline.text == "offline")
        let exited = await process.wait(timeout: .seconds(10))
        let status = try #require(exited, "\(station.stderr)")
        #expect(ChildProcess.exitCode(status) == 0, "\(station.stderr)")
        // A clean DISCONNECT, so the will was not what said offline.
        #expect(broker.log.contains("Received DISCONNECT from breeze-terminated"))
        #expect(station.stderr.contains("connected to mqtt://127.0.0.1:\(broker.port) as breeze-terminated"))
    }

    @Test("arguments and configuration errors")
    func errors() async throws {
        func station(_ arguments: [String]) async throws -> ProcessRunner.Result {
            try await ProcessRunner.run(StationBinary.url.path, ["mqtt-publish"] + arguments)
        }
        #expect(try await station([]).status == 2)
        #expect(try await station(["--config", "/nonexistent"]).output.contains("--snapshot FILE is required"))
        let files = try Station(name: "Errors", port: 1883, mqtt: #", "qos": 5"#)
        let result = try await station(["--config", files.configPath, "--snapshot", files.snapshotPath])
        #expect(result.status == 78)
        #expect(result.output.contains("mqtt.qos: expected an integer from 0 to 2, found 5"))
        let noSection = files.directory.appendingPathComponent("empty.json").path
        try Data(#"{"station": {"name": "Balcony"}}"#.utf8).write(to: URL(fileURLWithPath: noSection))
        let missing = try await station(["--config", noSection, "--snapshot", files.snapshotPath])
        #expect(missing.status == 78)
        #expect(missing.output.contains("no \"mqtt\" section"))
        #expect(try await ProcessRunner.run(StationBinary.url.path, ["--help"]).output.contains("mqtt-publish"))
    }
}
