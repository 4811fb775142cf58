import Clocks
import Diagnostics
import Foundation
import MQTT
import MQTTTestSupport
import StationSnapshot
import Testing
import ClocksTestSupport

/// Credentials, TLS and an absent broker, against a real mosquitto.
@Suite(
    "connections",
    .enabled(if: MosquittoBroker.testsEnabled, "make mqtt-broker-tests (mosquitto, BREEZE_MQTT_BROKER_TESTS=1)"),
    .timeLimit(.minutes(2)))
struct ConnectionTests {
    @Test("refused until the broker knows the user; meanwhile states queue and the oldest are dropped")
    func credentialsAndQueue() async throws {
        let broker = try await MosquittoBroker(users: ["homeassistant": "ha-pass"])
        try await broker.start()
        let subscriber = try await MQTTSubscriber(port: broker.port, username: "homeassistant", password: "ha-pass")
        let passwordFile = try TemporaryFile(contents: "station-pass\n", permissions: 0o600)
        var configuration = MQTTConfiguration.loopback(port: broker.port)
        configuration.username = "station"
        configuration.passwordFile = passwordFile.path
        configuration.queueSize = 3
        let station = try await RunningPublisher(configuration: configuration, snapshot: Samples.snapshot())

        try await station.waitForCounters { $0.connectionFailures >= 1 }
        #expect(!station.publisher.isConnected)
        // Five intervals pass while the broker refuses the station: two of the five states make room for the
        // newest three (nothing is queued at start: the start-up snapshot is not the current state).
        for minute in 1...5 {
            station.publisher.update(Samples.snapshot(at: Samples.time.addingTimeInterval(Double(minute) * 60)))
            await station.tick()
        }
        #expect(station.publisher.counters.queued == 3)
        #expect(station.publisher.counters.dropped == 2)

        let added = ContinuousClock.now
        try await broker.addUser("station", password: "station-pass")
        let states = try await subscriber.collect(3, after: added, timeout: .seconds(30)) {
            $0.topic == "breeze/balcony/state"
        }
        #expect(
            try states.map { try $0.json()["time"] as? String } == [
                "2026-03-01T12:03:00Z", "2026-03-01T12:04:00Z", "2026-03-01T12:05:00Z",
            ])
        try await station.waitForCounters(timeout: .seconds(5)) {
            $0.connected && $0.queued == 0 && $0.published[.state] == 3
        }
        #expect(
            station.log.lines.contains { $0.contains("refused the connection: Connection Refused: not authorised") })
        #expect(!station.log.lines.contains { $0.contains("station-pass") })
        #expect(broker.log.contains("u'station'"))
        try await station.stop()
    }

    @Test("mqtts:// with the broker's CA connects; with another CA every attempt fails and is retried")
    func tls() async throws {
        let certificates = try await TestCertificates.make()
        let tlsPort = try MosquittoBroker.freePort()
        let broker = try await MosquittoBroker(
            tls: MosquittoBroker.TLSListener(
                port: tlsPort, caFile: certificates.caFile, certificateFile: certificates.serverCertificate,
                keyFile: certificates.serverKey))
        try await broker.start()
        #expect(await waitUntil { MosquittoBroker.acceptsConnections(port: tlsPort) })
        let subscriber = try await MQTTSubscriber(port: broker.port)

        var trusting = MQTTConfiguration.loopback(port: tlsPort)
        trusting.broker = BrokerAddress(host: "127.0.0.1", port: tlsPort, usesTLS: true)
        trusting.caFile = certificates.caFile
        let station = try await RunningPublisher(configuration: trusting)
        #expect(
            try await subscriber.next(timeout: .seconds(15)) { $0.topic == "breeze/balcony/availability" }.text
                == "online")
        _ = try await subscriber.next(timeout: .seconds(10)) { $0.topic == "breeze/balcony/state" }
        try await station.stop()

        var distrusting = trusting
        distrusting.stationID = "other"
        distrusting.clientID = "breeze-other"
        distrusting.baseTopic = "breeze/other"
        distrusting.caFile = certificates.otherCAFile
        let stranger = try await RunningPublisher(configuration: distrusting)
        try await stranger.waitForCounters { $0.connectionFailures >= 2 }
        #expect(!stranger.publisher.isConnected)
        #expect(stranger.publisher.counters.published.isEmpty)
        #expect(stranger.log.lines.contains { $0.contains("certificate verify failed") }, "\(stranger.log.lines)")
        try await stranger.stop()
        #expect(subscriber.messages(on: "breeze/other/availability").isEmpty)
    }

    @Test("an unreadable CA file is a setup error naming the key, at start-up")
    func missingCAFile() throws {
        var configuration = MQTTConfiguration.loopback(port: 8883)
        configuration.broker = BrokerAddress(host: "127.0.0.1", port: 8883, usesTLS: true)
        configuration.caFile = "/nonexistent/ca.pem"
        #expect {
            try MQTTPublisher(configuration: configuration, logger: Samples.logger(), clock: ManualClock())
        } throws: { error in
            "\(error)" == "mqtt.ca_file: cannot read /nonexistent/ca.pem: No such file or directory"
        }
    }

    @Test("an idle connection pings within the broker's deadline (1.5 × keepalive), and only then")
    func idleConnectionKeptAlive() async throws {
        let broker = try await MosquittoBroker()
        try await broker.start()
        // keepalive 5 s: the broker may drop a client silent for 7.5 s (mosquitto 2.0 enforces it laxly, so
        // the test reads the ping's time from the broker's log rather than waiting for a disconnect). No
        // state is published in the window (the interval is a minute on a clock that does not move): only the
        // loop's housekeeping sends the ping.
        let configuration = MQTTConfiguration.loopback(port: broker.port)
        let station = try await RunningPublisher(configuration: configuration, snapshot: nil)
        try await station.waitForCounters { $0.connected }
        try await Task.sleep(for: .seconds(9))
        let log = broker.log
        func seconds(of event: String) -> Int? {
            log.split(separator: "\n").first { $0.contains(event) }.flatMap { Int($0.prefix { $0 != ":" }) }
        }
        let connected = try #require(seconds(of: "Sending CONNACK to \(configuration.clientID)"), "\(log)")
        let ping = try #require(seconds(of: "Received PINGREQ from \(configuration.clientID)"), "no ping in 9 s: \(log)")
        // Whole seconds in the log: the ping comes 5 s after the last packet at the earliest, and at most a
        // quarter of the keepalive later (housekeeping), well before 7.5 s.
        #expect(ping - connected >= 4 && ping - connected <= 7, "PINGREQ \(ping - connected) s after CONNACK")
        #expect(station.publisher.counters.connected)
        #expect(station.publisher.counters.connectionAttempts == 1, "\(station.publisher.counters)")
        try await station.stop()
        await broker.stop()
    }

    @Test("no broker at all: publishing never blocks, the queue stays bounded, attempts back off, stop is prompt")
    func absentBroker() async throws {
        let port = try MosquittoBroker.freePort()
        var configuration = MQTTConfiguration.loopback(port: port)
        configuration.queueSize = 10
        let station = try await RunningPublisher(configuration: configuration)
        for second in 0..<1000 {
            station.publisher.update(Samples.snapshot(at: Samples.time.addingTimeInterval(Double(second))))
            station.publisher.publishState()
        }
        let counters = station.publisher.counters
        #expect(counters.queued == 10)
        // 1000 states queued; all but the newest 10 dropped.
        #expect(counters.dropped == 990)
        try await station.waitForCounters { $0.connectionFailures >= 2 }
        #expect(station.publisher.counters.connectionAttempts == station.publisher.counters.connectionFailures)
        #expect(
            station.log.lines.contains { $0.contains("cannot connect to mqtt://127.0.0.1:\(port): Connection refused") }
        )
        try await station.stop()
        #expect(!station.log.lines.contains { $0.contains("did not stop") })
    }
}

/// Polls `condition` every 10 ms for up to `timeout`.
func waitUntil(timeout: Duration = .seconds(10), _ condition: () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return true
}

/// A file removed when released.
final class TemporaryFile: Sendable {
    let path: String

    init(contents: String, permissions: Int) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-mqtt-\(UUID().uuidString)").path
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A throwaway CA and a server certificate for 127.0.0.1 / localhost signed by it, plus an unrelated CA,
/// made with the openssl command-line tool.
final class TestCertificates: Sendable {
    let directory: URL
    var caFile: String { directory.appendingPathComponent("ca.pem").path }
    var otherCAFile: String { directory.appendingPathComponent("other-ca.pem").path }
    var serverCertificate: String { directory.appendingPathComponent("server.pem").path }
    var serverKey: String { directory.appendingPathComponent("server.key").path }

    private init(directory: URL) { self.directory = directory }

    static func make() async throws -> TestCertificates {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("breeze-tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let certificates = TestCertificates(directory: directory)
        let curve = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]
        try await openssl(
            ["req", "-x509"] + curve + [
                "-keyout", "ca.key", "-out", "ca.pem", "-days", "2", "-subj", "/CN=Breeze Test CA",
            ], in: directory)
        try await openssl(
            ["req", "-x509"] + curve + [
                "-keyout", "other-ca.key", "-out", "other-ca.pem", "-days", "2", "-subj", "/CN=Someone Else",
            ], in: directory)
        try await openssl(
            ["req"] + curve + ["-keyout", "server.key", "-out", "server.csr", "-subj", "/CN=localhost"], in: directory)
        try Data("subjectAltName=DNS:localhost,IP:127.0.0.1\n".utf8).write(
            to: directory.appendingPathComponent("san.ext"))
        try await openssl(
            [
                "x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-out",
                "server.pem", "-days", "2", "-extfile", "san.ext",
            ], in: directory)
        return certificates
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    private static func openssl(_ arguments: [String], in directory: URL) async throws {
        let result = try await ProcessRunner.run("/usr/bin/openssl", arguments, currentDirectory: directory)
        guard result.status == 0 else {
            throw MosquittoBroker.Failure("openssl \(arguments.joined(separator: " ")) failed: \(result.output)")
        }
    }
}
