import Foundation
import HTTPTestSupport
import JSON
import SensorEmulation
import SensorRuntime
import Testing
import UploadsTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station run` with a `sensor_community` section, an emulated PMS5003 on a pty and the loopback
/// Sensor.Community stand-in: the composed binary pushes airRohr's pin 1 with the node id of the file, and
/// says so in the API and in /metrics. The shortest interval (30 s) in real time.
@Suite("breeze-station run pushing to Sensor.Community", .timeLimit(.minutes(3)))
struct StationSensorCommunityRunTests {
    @Test("check-config shows the node id; run posts pin 1 to the stand-in and reports it under uploads and in /metrics")
    func pushes() async throws {
        let fake = try FakeSensorCommunity(registered: ["raspi-runtest"])
        defer { fake.stop() }
        let directory = try scratchDirectory("station-sensor-community")
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("sensor").path
        let device = try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 12), start: Date()))
        let emulator = PseudoTerminalEmulator(device: device, link: link)
        try emulator.start()
        let config = directory.appendingPathComponent("config.json")
        try Data(
            """
            {"station": {"name": "Pusher"},
             "sensor": {"model": "pms5003", "serial": {"path": "\(link)"}, "interval_s": 1, "warm_up_s": 2},
             "http": {"listen": "127.0.0.1:0", "announce": false},
             "openmeteo": {"enabled": false},
             "storage": {"path": "\(directory.path)/state/history.db"},
             "sensor_community": {"url": "\(fake.url)", "node_id": "raspi-runtest", "interval_s": 30}}
            """.utf8
        ).write(to: config)

        let checked = try await StationBinary.run(["check-config", "--config", config.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        let effective = try checked.json()
        #expect((effective["sensor_community"] as? [String: Any])?["node_id"] as? String == "raspi-runtest")

        let station = try StationProcess(["run", "--config", config.path])
        let port = try await station.servingPort()
        let pushed = await station.wait(90) { !fake.accepted.isEmpty }
        #expect(pushed, "\(station.stderr)")
        let push = try #require(fake.accepted.first)
        #expect(fake.refused.isEmpty, "\(fake.refused)")
        #expect(push.node == "raspi-runtest")
        #expect(push.pin == 1)
        #expect(push.softwareVersion?.hasPrefix("breeze-station-") == true)
        #expect(push.values["P2"].flatMap(Double.init) == 12)
        let request = try #require(fake.server.requests.first)
        #expect(request.headers["content-type"] == "application/json")
        #expect(request.headers["expect"] == nil)

        let uploaded = await station.wait(10) {
            let current = try? await getJSON("/api/v1/current", port: port)
            return current?["uploads"]?["sensor_community"]?["attempts"]?["success"] == .number(1)
        }
        #expect(uploaded)
        let metrics = try await offPool { try RawHTTPClient.request("GET", "/metrics", port: port) }
        #expect(String(decoding: metrics.body, as: UTF8.self).contains(
            #"breeze_upload_attempts_total{service="sensor_community",result="success"} 1"#))

        station.send(SIGTERM)
        #expect(await station.waitForExit(within: 10)?.status == 0, "\(station.stderr)")
        await emulator.stop()
    }
}
