import Diagnostics
import Foundation
import JSON
import MQTT
import MQTTTestSupport
import StationSnapshot
import Testing

/// The publisher against a real mosquitto on loopback, checked by a real `mosquitto_sub`.
@Suite(
    "publishing to a real broker",
    .enabled(if: MosquittoBroker.testsEnabled, "make mqtt-broker-tests (mosquitto, BREEZE_MQTT_BROKER_TESTS=1)"),
    .timeLimit(.minutes(2)))
struct BrokerTests {
    static let entityCount = HomeAssistantDiscovery.entities.count

    @Test("mosquitto and its clients are installed (under make test a missing broker fails, never skips)")
    func brokerInstalled() {
        #expect(
            MosquittoBroker.isAvailable,
            "BREEZE_REQUIRE_BROKER=1 but mosquitto or mosquitto-clients is missing (Debian: mosquitto mosquitto-clients)")
    }

    @Test("online, every discovery config and the state arrive, retained for late subscribers; offline on shutdown")
    func discoveryAndState() async throws {
        let broker = try await MosquittoBroker()
        try await broker.start()
        let subscriber = try await MQTTSubscriber(port: broker.port)
        let station = try await RunningPublisher(configuration: .loopback(port: broker.port))

        let online = try await subscriber.next(timeout: .seconds(15)) { $0.topic == "breeze/balcony/availability" }
        #expect(online.text == "online")
        let configs = try await subscriber.collect(Self.entityCount, timeout: .seconds(10)) {
            $0.topic.hasPrefix("homeassistant/")
        }
        #expect(configs.count == Self.entityCount)
        let discoveryTopic = try Regex("^homeassistant/sensor/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+/config$")
        var uniqueIDs: Set<String> = []
        for message in configs {
            #expect(message.topic.wholeMatch(of: discoveryTopic) != nil, "\(message.topic)")
            let config = try message.json()
            uniqueIDs.insert(try #require(config["unique_id"] as? String))
            switch config["device_class"] as? String {
            case "pm1", "pm25", "pm10":
                // µg/m³ with the micro sign U+00B5, as bytes on the wire.
                #expect(message.payload.firstRange(of: [0xC2, 0xB5, 0x67, 0x2F, 0x6D, 0xC2, 0xB3]) != nil)
                #expect(config["unit_of_measurement"] as? String == "\u{00B5}g/m\u{00B3}")
            case "aqi":
                #expect(config["unit_of_measurement"] == nil)
            default:
                break
            }
        }
        #expect(uniqueIDs.count == Self.entityCount)
        let state = try await subscriber.next(timeout: .seconds(10)) { $0.topic == "breeze/balcony/state" }
        let document = try state.json()
        #expect((document["aqi"] as? [String: Any])?["value"] as? Int == 57)
        #expect((document["aqi"] as? [String: Any])?["text"] as? String == "Moderate")
        #expect((document["sensor"] as? [String: Any])?["pm2_5"] as? Double == 14.6)
        #expect((document["reconciliation"] as? [String: Any])?["state"] as? String == "agrees")

        // A subscriber arriving later gets the retained availability, configs and state.
        let late = try await MQTTSubscriber(port: broker.port)
        let retained = try await late.collect(Self.entityCount + 2, timeout: .seconds(10)) { $0.retained }
        #expect(Set(retained.map(\.topic)).isSuperset(of: ["breeze/balcony/availability", "breeze/balcony/state"]))
        #expect(retained.first { $0.topic == "breeze/balcony/availability" }?.text == "online")
        late.stop()

        // One state per interval, from the latest snapshot.
        let before = ContinuousClock.now
        station.publisher.update(Samples.snapshot(at: Samples.time.addingTimeInterval(60), pm25: 35.5))
        await station.tick()
        let next = try await subscriber.next(after: before, timeout: .seconds(10)) {
            $0.topic == "breeze/balcony/state"
        }
        #expect(try (next.json()["sensor"] as? [String: Any])?["pm2_5"] as? Double == 35.5)
        #expect(try next.json()["time"] as? String == "2026-03-01T12:01:00Z")

        // The counters move right after the hand-over, which can be after the subscriber already has it.
        try await station.waitForCounters(timeout: .seconds(5)) { $0.published[.state] == 2 }
        let counters = station.publisher.counters
        #expect(counters.connected)
        #expect(counters.connectionAttempts == 1 && counters.connectionFailures == 0)
        #expect(counters.published[.discovery] == UInt64(Self.entityCount))
        #expect(counters.published[.state] == 2)
        #expect(counters.published[.availability] == 1)
        #expect(counters.dropped == 0 && counters.queued == 0)

        // Graceful shutdown: the station says offline itself, retained, before disconnecting.
        let stopping = ContinuousClock.now
        try await station.stop()
        let offline = try await subscriber.next(after: stopping, timeout: .seconds(5)) {
            $0.topic == "breeze/balcony/availability"
        }
        #expect(offline.text == "offline")
        #expect(!station.publisher.isConnected)
        let afterwards = try await MQTTSubscriber(port: broker.port, topics: ["breeze/balcony/availability"])
        #expect(try await afterwards.next(timeout: .seconds(5)) { $0.retained }.text == "offline")
        #expect(broker.log.contains("Received DISCONNECT from breeze-balcony"))
    }

    @Test("Home Assistant's birth message re-sends every discovery config within 2 s; its will re-sends nothing")
    func birthMessage() async throws {
        let broker = try await MosquittoBroker()
        try await broker.start()
        let subscriber = try await MQTTSubscriber(port: broker.port)
        let station = try await RunningPublisher(configuration: .loopback(port: broker.port))
        _ = try await subscriber.collect(Self.entityCount, timeout: .seconds(15)) {
            $0.topic.hasPrefix("homeassistant/sensor/")
        }
        _ = try await subscriber.next(timeout: .seconds(10)) { $0.topic == "breeze/balcony/state" }

        let start = ContinuousClock.now
        try await MosquittoClients.publish(port: broker.port, topic: "homeassistant/status", message: "offline")
        try await MosquittoClients.publish(port: broker.port, topic: "homeassistant/status", message: "online")
        let configs = try await subscriber.collect(Self.entityCount, after: start, timeout: .seconds(10)) {
            $0.topic.hasPrefix("homeassistant/sensor/")
        }
        #expect(Set(configs.map(\.topic)).count == Self.entityCount)
        let slowest = try #require(configs.map(\.arrival).max())
        #expect(slowest - start < .seconds(2), "re-sent after \(slowest - start)")
        // The re-announcement ends with a state; everything before it has arrived by then (one connection,
        // in order). Exactly one announcement: the `offline` caused none.
        _ = try await subscriber.next(after: start, timeout: .seconds(5)) { $0.topic == "breeze/balcony/state" }
        #expect(
            subscriber.messages.filter { $0.arrival >= start && $0.topic == "breeze/balcony/availability" }.count == 1)
        #expect(
            subscriber.messages.filter { $0.arrival >= start && $0.topic.hasPrefix("homeassistant/sensor/") }.count
                == Self.entityCount)
        try await station.stop()
    }

    @Test("broker stopped and restarted on the same port: the station reconnects and publishes again within 30 s")
    func brokerRestart() async throws {
        let broker = try await MosquittoBroker()
        try await broker.start()
        let station = try await RunningPublisher(configuration: .loopback(port: broker.port))
        try await station.waitForCounters { $0.connected && $0.published[.state] == 1 }

        await broker.stop()
        try await station.waitForCounters(timeout: .seconds(15)) { !$0.connected }
        // While the broker is away, publishing is an enqueue that returns at once.
        station.publisher.update(Samples.snapshot(at: Samples.time.addingTimeInterval(60), pm25: 20.1))
        await station.tick()
        #expect(station.publisher.counters.queued == 1)

        let restarted = ContinuousClock.now
        try await broker.start()
        let subscriber = try await MQTTSubscriber(port: broker.port)
        // A fresh broker process has no retained messages: what arrives was published after the restart.
        let online = try await subscriber.next(timeout: .seconds(30)) {
            $0.topic == "breeze/balcony/availability" && $0.text == "online"
        }
        let state = try await subscriber.next(timeout: .seconds(30)) { $0.topic == "breeze/balcony/state" }
        #expect(online.arrival - restarted < .seconds(30))
        #expect(state.arrival - restarted < .seconds(30))
        #expect(try (state.json()["sensor"] as? [String: Any])?["pm2_5"] as? Double == 20.1)
        let counters = station.publisher.counters
        #expect(counters.connected && counters.queued == 0)
        #expect(counters.connectionAttempts >= 2)
        #expect(counters.connectionFailures == counters.connectionAttempts - 2)
        #expect(station.log.lines.contains { $0.contains("lost the connection to mqtt://127.0.0.1:\(broker.port)") })
        try await station.stop()
    }
}
