import AirQuality
import Foundation
import JSON
import Measurements
import MQTT
import MQTTTestSupport
import StationSnapshot
import Testing

@Suite("Home Assistant discovery payloads")
struct DiscoveryPayloadTests {
    let configuration = MQTTConfiguration(
        broker: BrokerAddress(host: "127.0.0.1", port: 1883, usesTLS: false), stationName: "Balcony West")

    var messages: [MQTTMessage] { HomeAssistantDiscovery(configuration: configuration).messages }

    func config(_ objectID: String) throws -> [String: Any] {
        let message = try #require(messages.first { $0.topic.hasSuffix("/\(objectID)/config") })
        return try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])
    }

    @Test("one retained QoS 1 config per entity, on a topic Home Assistant accepts")
    func topics() throws {
        let regex = try Regex("^homeassistant/sensor/[A-Za-z0-9_-]+/[A-Za-z0-9_-]+/config$")
        #expect(
            messages.map(\.topic) == [
                "homeassistant/sensor/breeze_balcony_west/pm1/config",
                "homeassistant/sensor/breeze_balcony_west/pm25/config",
                "homeassistant/sensor/breeze_balcony_west/pm10/config",
                "homeassistant/sensor/breeze_balcony_west/pm25_corrected/config",
                "homeassistant/sensor/breeze_balcony_west/temperature/config",
                "homeassistant/sensor/breeze_balcony_west/humidity/config",
                "homeassistant/sensor/breeze_balcony_west/pressure/config",
                "homeassistant/sensor/breeze_balcony_west/aqi/config",
                "homeassistant/sensor/breeze_balcony_west/aqi_level/config",
                "homeassistant/sensor/breeze_balcony_west/health/config",
                "homeassistant/sensor/breeze_balcony_west/reference_aqi/config",
                "homeassistant/sensor/breeze_balcony_west/reconciliation/config",
            ])
        for message in messages {
            #expect(message.topic.wholeMatch(of: regex) != nil)
            #expect(message.retain && message.qos == 1 && message.kind == .discovery)
        }
    }

    @Test("particulate entities: device class, unit written with the micro sign (C2 B5), measurement")
    func particulates() throws {
        let micro: [UInt8] = [0xC2, 0xB5, 0x67, 0x2F, 0x6D, 0xC2, 0xB3]  // µg/m³ with U+00B5
        for (objectID, deviceClass) in [("pm1", "pm1"), ("pm25", "pm25"), ("pm10", "pm10")] {
            let message = try #require(messages.first { $0.topic.hasSuffix("/\(objectID)/config") })
            let needle = Array("\"unit_of_measurement\":\"".utf8) + micro + [0x22]
            #expect(message.payload.firstRange(of: needle) != nil, "\(objectID): \(message.text)")
            #expect(message.payload.firstRange(of: [0xCE, 0xBC]) == nil, "Greek mu U+03BC in \(objectID)")
            let config = try config(objectID)
            #expect(config["device_class"] as? String == deviceClass)
            #expect(config["state_class"] as? String == "measurement")
            #expect(config["suggested_display_precision"] as? Int == 1)
        }
    }

    @Test("AQI entities have device class aqi and no unit")
    func aqi() throws {
        for objectID in ["aqi", "reference_aqi"] {
            let config = try config(objectID)
            #expect(config["device_class"] as? String == "aqi")
            #expect(config["unit_of_measurement"] == nil)
            #expect(config["state_class"] as? String == "measurement")
        }
        // The chosen index (`aqi.index`): for the default US AQI the state's `index` block mirrors `aqi`.
        #expect(try config("aqi")["value_template"] as? String == "{{ value_json.index.value }}")
    }

    @Test("level is a text sensor; health and the reference check are diagnostic")
    func textAndDiagnostic() throws {
        let level = try config("aqi_level")
        #expect(level["device_class"] == nil && level["unit_of_measurement"] == nil && level["state_class"] == nil)
        #expect(level["entity_category"] == nil)
        let health = try config("health")
        #expect(health["entity_category"] as? String == "diagnostic")
        #expect(health["device_class"] as? String == "enum")
        #expect(health["options"] as? [String] == ["ok", "warming_up", "stale", "fault", "absent"])
        #expect(try config("reconciliation")["entity_category"] as? String == "diagnostic")
    }

    @Test("every config: unique id, state and availability topics, expiry, one device with the build's version")
    func common() throws {
        var uniqueIDs: Set<String> = []
        for message in messages {
            let config = try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])
            let uniqueID = try #require(config["unique_id"] as? String)
            #expect(uniqueID.hasPrefix("breeze_balcony_west_"))
            uniqueIDs.insert(uniqueID)
            #expect(config["state_topic"] as? String == "breeze/balcony_west/state")
            #expect(config["availability_topic"] as? String == "breeze/balcony_west/availability")
            #expect(config["payload_available"] as? String == "online")
            #expect(config["payload_not_available"] as? String == "offline")
            #expect(config["expire_after"] as? Int == 180)
            let device = try #require(config["device"] as? [String: Any])
            #expect(device["identifiers"] as? [String] == ["breeze_balcony_west"])
            #expect(device["name"] as? String == "Balcony West")
            #expect(device["model"] as? String == "Breeze Station")
            #expect(device["sw_version"] as? String == "0.1.0")
            #expect((config["origin"] as? [String: Any])?["name"] as? String == "breeze-station")
        }
        #expect(uniqueIDs.count == messages.count)
    }

    @Test("expire_after 0 leaves the key out; a configuration URL reaches the device")
    func options() throws {
        var configuration = configuration
        configuration.expireAfter = 0
        configuration.configurationURL = "http://balcony.local:8080/"
        let message = try #require(HomeAssistantDiscovery(configuration: configuration).messages.first)
        let config = try #require(try JSONSerialization.jsonObject(with: Data(message.payload)) as? [String: Any])
        #expect(config["expire_after"] == nil)
        #expect((config["device"] as? [String: Any])?["configuration_url"] as? String == "http://balcony.local:8080/")
    }
}

@Suite("state payload")
struct StatePayloadTests {
    @Test("the document: readings to 0.1, AQI and level, health, reference, reconciliation")
    func full() {
        let document = MQTTStatePayload.render(Samples.snapshot())
        #expect(
            document.serialized() == """
                {"time":"2026-03-01T12:00:00Z",\
                "sensor":{"model":"PMS5003","health":"ok","reason":null,"age_s":2,"pm1_0":8.2,"pm2_5":14.6,"pm10":19.9,\
                "pm2_5_corrected":12.1,"correction":"epa-2021","correction_rh_source":null,"humidity_flag":null},\
                "sensor_b":null,\
                "agreement":{"state":"single","difference_ug_m3":null,"difference_pct":null,"suspect":null,\
                "suspect_reason":null,"flagged":false,"used":[],"pm2_5":null,"pm2_5_a":null,"pm2_5_b":null},\
                "climate":{"temperature_c":null,"humidity_pct":null,"pressure_hpa":null,"source":null,"age_s":null},\
                "aqi":{"value":57,"level":"moderate","text":"Moderate","source":"local","basis":"nowcast","pollutant":"pm2_5"},\
                "index":{"index":"us-epa","value":57,"display":"57","level":"moderate","text":"Moderate","color":"#ff9500",\
                "averaging":"nowcast"},"indices":{},\
                "reference":{"status":"ok","us_aqi":52,"pm2_5":10.3,"pm10":15.1,"age_s":600},\
                "reconciliation":{"state":"agrees","suspect_reason":null,"reason":"local PM2.5 is 1.2× the regional value",\
                "message":"local PM2.5 is 1.2× the regional value",\
                "local_aqi":57,"reference_aqi":52}}
                """)
    }

    @Test("a second sensor: `sensor_b` with the same keys as `sensor`, and the A/B agreement")
    func secondSensor() throws {
        var snapshot = Samples.snapshot()
        var sensorB = snapshot.sensor
        sensorB.measurement?.pm25 = 15.04
        snapshot.sensorB = sensorB
        snapshot.agreement = ChannelAgreement.evaluate(
            a: ChannelAgreement.Evidence(mean: 14.6), b: ChannelAgreement.Evidence(mean: 15.04), reference: nil)
        let document = MQTTStatePayload.render(snapshot)
        guard case .object(let a)? = document["sensor"], case .object(let b)? = document["sensor_b"] else {
            Issue.record("no sensor blocks: \(document.serialized())")
            return
        }
        #expect(a.map(\.key) == b.map(\.key))
        #expect(document["sensor_b"]?["pm2_5"] == 15)
        #expect(document["agreement"]?["state"] == "agree")
        #expect(document["agreement"]?["difference_ug_m3"] == 0.4)
        #expect(document["agreement"]?["used"] == ["a", "b"])
    }

    @Test("another chosen index: `index` is it, `indices` has every configured one, the main entity reads `index`")
    func chosenIndex() throws {
        var snapshot = Samples.snapshot()
        let eea = try AirQualityIndexDefinition.euEAQI.subIndex(.pm2_5, concentration: 12.1, averaging: .twentyFourHourRunning)
        snapshot.indices = [
            IndexReading(index: .euEAQI, value: eea, isChosen: true),
            IndexReading(index: .ukDAQI, value: nil, isChosen: false),
        ]
        let document = MQTTStatePayload.render(snapshot)
        #expect(document["index"]?.serialized() == """
            {"index":"eu-eaqi","value":2,"display":"2","level":"fair","text":"Fair","color":"#50ccaa","averaging":"24h-running"}
            """)
        #expect(document["indices"]?["eu-eaqi"]?["value"] == 2)
        #expect(document["indices"]?["uk-daqi"]?["value"] == .null)
        #expect(document["aqi"]?["value"] == 57)
        let discovery = HomeAssistantDiscovery(configuration: MQTTConfiguration(
            broker: BrokerAddress(host: "127.0.0.1", port: 1883, usesTLS: false), stationName: "Balcony"))
        let main = try #require(discovery.messages.first { $0.topic.hasSuffix("/aqi/config") })
        #expect(main.text.contains("value_json.index.value"))
    }

    @Test("an index compared with Open-Meteo carries its reference value, level and state in `indices`")
    func indexReference() throws {
        var snapshot = Samples.snapshot()
        let eea = try AirQualityIndexDefinition.euEAQI.subIndex(.pm2_5, concentration: 12.1, averaging: .twentyFourHourRunning)
        let model = try AirQualityIndexDefinition.euEAQI.subIndex(.pm2_5, concentration: 16, averaging: .twentyFourHourRunning)
        snapshot.indices = [
            IndexReading(
                index: .euEAQI, value: eea, isChosen: true,
                comparison: IndexComparison(state: .agrees, reference: model, provider: nil, reason: "neighbours")),
            IndexReading(index: .usEPA, value: nil, isChosen: false),
        ]
        let document = MQTTStatePayload.render(snapshot)
        #expect(document["indices"]?["eu-eaqi"]?["reference_value"] == 3)
        #expect(document["indices"]?["eu-eaqi"]?["reference_level"] == "moderate")
        #expect(document["indices"]?["eu-eaqi"]?["reference_state"] == "agrees")
        #expect(document["indices"]?["us-epa"]?["reference_state"] == nil)
        // The main entity's `index` block stays as it was.
        #expect(document["index"]?["reference_value"] == nil)
    }

    @Test("nothing known: every key present, null; the reconciliation says it is pending, and why")
    func empty() {
        let document = MQTTStatePayload.render(Samples.empty)
        #expect(document["sensor"]?["pm2_5"] == .null)
        #expect(document["sensor"]?["health"] == "absent")
        #expect(document["aqi"]?["value"] == .null)
        #expect(document["aqi"]?["text"] == .null)
        #expect(document["reference"]?["status"] == "pending")
        #expect(document["reconciliation"]?["state"] == "pending")
        #expect(document["reconciliation"]?["reason"] == "needs a complete local hour and the model's value for it")
    }

    @Test(
        "the reconciliation block: AirQuality's state, its reason, the explanation and both 24-hour AQIs",
        arguments: AirQuality.ReconciliationState.allCases)
    func reconciliation(state: AirQuality.ReconciliationState) {
        var snapshot = Samples.snapshot()
        snapshot.reconciliation = Reconciliation(
            state: state, suspectReason: state == .sensorSuspect ? .stuck : nil, explanation: "why: \(state)",
            pm25: nil, pm10: nil, localAQI24h: 61, referenceAQI24h: 48, longRunRatio: nil, longRunHours: 0,
            referenceAge: nil, referenceError: nil, evaluatedAt: Samples.time)
        let block = MQTTStatePayload.render(snapshot)["reconciliation"]
        #expect(block?["state"] == .string(state.rawValue))
        #expect(block?["suspect_reason"] == (state == .sensorSuspect ? "stuck" : .null))
        #expect(block?["message"] == .string("why: \(state)"))
        #expect(block?["local_aqi"] == 61)
        #expect(block?["reference_aqi"] == 48)
    }

    @Test("the state message follows retain and qos")
    func message() {
        var configuration = MQTTConfiguration(
            broker: BrokerAddress(host: "h", port: 1883, usesTLS: false), stationName: "Balcony")
        configuration.retain = false
        configuration.qos = 1
        let message = MQTTStatePayload.message(for: Samples.snapshot(), configuration: configuration)
        #expect(message.topic == "breeze/balcony/state")
        #expect(!message.retain && message.qos == 1 && message.kind == .state)
    }
}

@Suite("outbound queue")
struct OutboundQueueTests {
    @Test("keeps order and drops the oldest when full")
    func dropsOldest() {
        var queue = OutboundQueue<Int>(capacity: 3)
        #expect(queue.last == nil)
        #expect(queue.append(1) == nil)
        #expect(queue.append(2) == nil)
        #expect(queue.append(3) == nil)
        #expect(queue.append(4) == 1)
        #expect(queue.append(5) == 2)
        #expect(queue.elements == [3, 4, 5])
        #expect(queue.popFirst() == 3)
        #expect(queue.count == 2)
        #expect(queue.append(6) == nil)
        #expect(queue.elements == [4, 5, 6])
        #expect(queue.last == 6)
    }

    @Test("a message put back goes first; a full queue then loses its newest")
    func pushFront() {
        var queue = OutboundQueue<Int>(capacity: 3)
        queue.append(2)
        queue.append(3)
        #expect(queue.pushFront(1) == nil)
        #expect(queue.elements == [1, 2, 3])
        #expect(queue.pushFront(0) == 3)
        #expect(queue.elements == [0, 1, 2])
        var drained: [Int] = []
        while let element = queue.popFirst() { drained.append(element) }
        #expect(drained == [0, 1, 2])
        #expect(queue.isEmpty && queue.popFirst() == nil)
    }

    @Test("wraps around many times without losing order", arguments: [1, 2, 7])
    func wraps(capacity: Int) {
        var queue = OutboundQueue<Int>(capacity: capacity)
        var dropped = 0
        for value in 0..<1000 where queue.append(value) != nil { dropped += 1 }
        #expect(dropped == 1000 - capacity)
        #expect(queue.elements == Array((1000 - capacity)..<1000))
    }
}

@Suite("reconnect backoff")
struct ReconnectBackoffTests {
    @Test("doubles from 1 s up to the cap, never above it, and starts over after a success")
    func doubling() {
        var backoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(15), jitter: 0.25)
        let waits = (0..<8).map { _ in backoff.nextDelay(random: 0) }
        #expect(
            waits == [
                .seconds(1), .seconds(2), .seconds(4), .seconds(8), .seconds(15), .seconds(15), .seconds(15),
                .seconds(15),
            ])
        backoff.reset()
        #expect(backoff.nextDelay(random: 0) == .seconds(1))
    }

    @Test("jitter only shortens the wait, by at most its fraction", arguments: [0.0, 0.5, 0.999])
    func jitter(random: Double) {
        var backoff = ReconnectBackoff(initial: .seconds(1), maximum: .seconds(8), jitter: 0.25)
        for _ in 0..<40 {
            let wait = backoff.nextDelay(random: random)
            #expect(wait <= .seconds(8))
            #expect(wait >= .milliseconds(750))
        }
    }

    @Test("the default cap lets a station reach a restarted broker within 30 s")
    func defaultCap() {
        #expect(MQTTConfiguration.defaultReconnectMaximumSeconds < 25)
    }
}

@Suite("metrics")
struct MetricsTests {
    @Test("counters become breeze_mqtt_ families; counters end in _total")
    func families() {
        var counters = MQTTCounters()
        counters.published[.state] = 3
        counters.published[.discovery] = 8
        counters.dropped = 2
        counters.connectionAttempts = 5
        counters.connectionFailures = 4
        counters.connected = true
        counters.queued = 1
        let families = Dictionary(uniqueKeysWithValues: counters.metricFamilies.map { ($0.name, $0) })
        #expect(families["breeze_mqtt_messages_published_total"]?.samples.map(\.value) == [3, 0, 8])
        #expect(
            families["breeze_mqtt_messages_published_total"]?.samples.map { $0.labels.first?.value } == [
                "state", "availability", "discovery",
            ])
        #expect(families["breeze_mqtt_messages_dropped_total"]?.samples.first?.value == 2)
        #expect(families["breeze_mqtt_connection_attempts_total"]?.samples.first?.value == 5)
        #expect(families["breeze_mqtt_connection_failures_total"]?.samples.first?.value == 4)
        #expect(families["breeze_mqtt_connected"]?.samples.first?.value == 1)
        #expect(families["breeze_mqtt_queued_messages"]?.samples.first?.value == 1)
        for family in counters.metricFamilies {
            #expect(family.name.hasPrefix("breeze_mqtt_"))
            #expect((family.kind == .counter) == family.name.hasSuffix("_total"))
        }
        let text = PrometheusText.render(counters.metricFamilies)
        #expect(text.contains("breeze_mqtt_connected 1\n"))
    }
}

/// promtool from Debian's prometheus package: `BREEZE_PROMTOOL`, or `.build/tools/promtool` (`make promtool`).
let promtoolPath: String? = {
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let candidates: [String?] = [
        ProcessInfo.processInfo.environment["BREEZE_PROMTOOL"],
        packageRoot.appendingPathComponent(".build/tools/promtool").path,
    ]
    return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

@Suite("metrics lint")
struct MetricsLintTests {
    @Test(
        "the MQTT families pass `promtool check metrics` with no finding",
        .enabled(if: promtoolPath != nil, "make promtool"))
    func promtool() async throws {
        var counters = MQTTCounters()
        counters.published[.state] = 1
        counters.connected = true
        let text = PrometheusText.render(counters.metricFamilies)
        let result = try await ProcessRunner.run(
            try #require(promtoolPath), ["check", "metrics"], input: Data(text.utf8))
        #expect(result.status == 0)
        #expect(result.output.isEmpty, "\(result.output)")
    }
}
