import Foundation
import HTTPTestSupport
import JSON
import OpenMeteoTestSupport
import Sensors
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
        let rig = try StationRunTests.Rig(
            "station-sensor-community", pm25: 12, fake: nil,
            sections: #", "sensor_community": {"url": "\#(fake.url)", "node_id": "raspi-runtest", "interval_s": 30}"#)
        let config = rig.config

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
        await rig.cleanUp()
    }
}
