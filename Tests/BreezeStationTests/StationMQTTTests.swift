import Foundation
import HTTPTestSupport
import MQTTTestSupport
import SensorEmulation
import SensorRuntime
import Sensors
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station run` with an `mqtt` section, against an emulated PMS5003 on a pty and a real mosquitto:
/// the composed station (not the publisher alone) announces itself to Home Assistant, publishes the sensor's
/// state, counts in `/metrics`, and says `offline` on SIGTERM.
@Suite(
    "breeze-station run with MQTT",
    .enabled(if: MosquittoBroker.testsEnabled, "make mqtt-broker-tests (mosquitto, BREEZE_MQTT_BROKER_TESTS=1)"),
    .timeLimit(.minutes(2)))
struct StationMQTTTests {
    @Test("discovery, availability and the sensor's state on the broker; MQTT counters in /metrics; offline on SIGTERM")
    func publishes() async throws {
        let broker = try await MosquittoBroker()
        try await broker.start()
        let subscriber = try await MQTTSubscriber(port: broker.port)

        let directory = try scratchDirectory("station-mqtt")
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("sensor").path
        let device = try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 12), start: Date()))
        let emulator = PseudoTerminalEmulator(device: device, link: link)
        try emulator.start()
        let config = directory.appendingPathComponent("config.json")
        try Data(
            """
            {"station": {"name": "Room 12"},
             "sensor": {"model": "pms5003", "serial": {"path": "\(link)"}, "interval_s": 1, "warm_up_s": 2},
             "http": {"listen": "127.0.0.1:0"},
             "storage": {"path": "\(directory.path)/state/history.db"},
             "mqtt": {"url": "mqtt://127.0.0.1:\(broker.port)", "interval_s": 5, "keepalive_s": 5}}
            """.utf8
        ).write(to: config)
        let station = try StationProcess(["run", "--config", config.path])
        let port = try await station.servingPort()

        let base = "breeze/room_12"
        let online = try await subscriber.next(timeout: .seconds(30)) { $0.topic == "\(base)/availability" }
        #expect(online.text == "online", "\(station.stderr)")
        let discovery = try await subscriber.next(timeout: .seconds(10)) {
            $0.topic == "homeassistant/sensor/breeze_room_12/pm25/config"
        }
        let announced = try discovery.json()
        #expect(announced["state_topic"] as? String == "\(base)/state")
        #expect(announced["unit_of_measurement"] as? String == "\u{00B5}g/m\u{00B3}")

        // The emulated sensor's 12 µg/m³, as the local AQI, once the warm-up is over.
        let state = try await subscriber.next(timeout: .seconds(30)) { message in
            guard message.topic == "\(base)/state", let document = try? message.json(),
                let aqi = document["aqi"] as? [String: Any]
            else { return false }
            return aqi["source"] as? String == "local"
        }
        let document = try state.json()
        let sensor = try #require(document["sensor"] as? [String: Any])
        #expect(sensor["pm2_5"] as? Double == 12, "\(state.text)")
        #expect(sensor["health"] as? String == "ok")

        let metrics = try await offPool { try RawHTTPClient.request("GET", "/metrics", port: port) }
        let text = String(decoding: metrics.body, as: UTF8.self)
        #expect(text.contains("breeze_mqtt_connected 1"), "\(text.suffix(2000))")
        #expect(text.contains("breeze_mqtt_messages_published_total"))

        let terminated = ContinuousClock.now
        station.send(SIGTERM)
        let offline = try await subscriber.next(after: terminated, timeout: .seconds(10)) {
            $0.topic == "\(base)/availability"
        }
        #expect(offline.text == "offline")
        #expect(await station.waitForExit(within: 10)?.status == 0, "\(station.stderr)")
        await emulator.stop()
    }
}
