import Clocks
import Diagnostics
public import Configuration
public import JSON

/// The `mqtt` section of the station's configuration file. No section (or `"enabled": false`): no MQTT.
///
/// ```json
/// "mqtt": {
///   "url": "mqtt://homeassistant.local:1883",
///   "username": "breeze",
///   "password_file": "/etc/breeze-station/mqtt-password",
///   "interval_s": 60
/// }
/// ```
///
/// Every key is described in docs/home-assistant.md.
public struct MQTTConfiguration: Sendable, Hashable {
    /// The broker (`url`).
    public var broker: BrokerAddress
    /// CA certificates (PEM) that verify the broker's certificate over `mqtts://` (`ca_file`); nil: the
    /// system's CA store.
    public var caFile: String?
    /// The user name (`username`); nil: anonymous.
    public var username: String?
    /// The file holding the password (`password_file`); its content is never logged or printed.
    public var passwordFile: String?
    /// The station's name, for the Home Assistant device.
    public var stationName: String
    /// The station's id in topics and ids (`station_id`, default derived from the station's name).
    public var stationID: String
    /// The MQTT client id (`client_id`, default `breeze-<station-id>`); unique per broker.
    public var clientID: String
    /// The topic prefix (`base_topic`, default `breeze/<station-id>`).
    public var baseTopic: String
    /// Whether Home Assistant discovery configs are published (`discovery`, default true).
    public var discovery: Bool
    /// Home Assistant's discovery prefix (`discovery_prefix`, default `homeassistant`).
    public var discoveryPrefix: String
    /// How often the state is published (`interval_s`, 5...3600, default 60).
    public var interval: Duration
    /// Whether state messages are retained (`retain`, default true). Availability and discovery always are.
    public var retain: Bool
    /// QoS of state messages (`qos`, 0...2, default 0). Availability and discovery use 1.
    public var qos: Int
    /// Seconds between keepalive pings (`keepalive_s`, 5...3600, default 15); the broker publishes the last
    /// will about 1.5 × this after the station goes silent (with the default, within 30 s of a freeze or a
    /// power cut, the bound Home Assistant users are promised).
    public var keepalive: Int
    /// Longest wait between reconnection attempts (`reconnect_max_s`, 1...300, default 15).
    public var reconnectMaximum: Duration
    /// State messages kept while the broker is away, the oldest dropped first (`queue_size`, 1...10000,
    /// default 60).
    public var queueSize: Int
    /// Seconds after which Home Assistant shows a value as unavailable when no state arrives
    /// (`expire_after_s`, 0 = never, default 3 × `interval_s`).
    public var expireAfter: Int
    /// A link Home Assistant shows on the device page, e.g. the station's status page (`configuration_url`).
    public var configurationURL: String?

    /// Default publishing interval, seconds.
    public static let defaultIntervalSeconds = 60
    /// Default keepalive, seconds.
    public static let defaultKeepaliveSeconds = 15
    /// Default cap of the reconnection backoff, seconds.
    public static let defaultReconnectMaximumSeconds = 15
    /// Default queue capacity, state messages.
    public static let defaultQueueSize = 60

    /// The defaults for a broker and a station name.
    public init(broker: BrokerAddress, stationName: String) {
        self.broker = broker
        self.stationName = stationName
        stationID = StationID.derive(from: stationName)
        clientID = "breeze-\(stationID)"
        baseTopic = "breeze/\(stationID)"
        discovery = true
        discoveryPrefix = "homeassistant"
        interval = .seconds(Self.defaultIntervalSeconds)
        retain = true
        qos = 0
        keepalive = Self.defaultKeepaliveSeconds
        reconnectMaximum = .seconds(Self.defaultReconnectMaximumSeconds)
        queueSize = Self.defaultQueueSize
        expireAfter = 3 * Self.defaultIntervalSeconds
    }

    /// Reads the section, recording every problem in it (the caller's `finish()` throws them with their key
    /// paths). Nil when there is no section or it says `"enabled": false`.
    ///
    /// - Parameter stationName: the station's name (`station.name`); ids and topics derive from it.
    public init?(section: ConfigSection?, stationName: String) {
        guard let section else { return nil }
        guard section.bool("enabled") ?? true else {
            // Mark the other keys known: a disabled section may keep its settings.
            for key in Self.keys { _ = section.value(key) }
            return nil
        }
        var broker = BrokerAddress(host: "localhost", port: BrokerAddress.plainPort, usesTLS: false)
        if let url = section.string("url") {
            do {
                broker = try BrokerAddress(parsing: url)
            } catch {
                section.record("url", error.description)
            }
        } else if !section.contains("url") {
            section.record("url", "missing; e.g. \"mqtt://homeassistant.local:1883\" or \"mqtts://broker.lan:8883\"")
        }
        self.init(broker: broker, stationName: stationName)

        caFile = section.string("ca_file")
        if caFile != nil && !broker.usesTLS {
            section.record("ca_file", "applies to mqtts:// URLs only; the url is \(broker)")
        }
        username = section.string("username")
        passwordFile = section.string("password_file")
        if passwordFile != nil && username == nil && !section.contains("username") {
            section.record("password_file", "needs a \"username\" too")
        }
        if let id = section.string("station_id") {
            if StationID.isValid(id) {
                stationID = id
            } else {
                section.record("station_id", "expected 1 to 64 characters of a-z, 0-9, _ and -, found \"\(id)\"")
            }
        }
        clientID = "breeze-\(stationID)"
        baseTopic = "breeze/\(stationID)"
        if let id = section.string("client_id") {
            if id.utf8.count > 128 || id.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                section.record("client_id", "expected at most 128 printable bytes")
            } else {
                clientID = id
            }
        }
        baseTopic = Self.topic(section, "base_topic") ?? baseTopic
        discovery = section.bool("discovery") ?? true
        discoveryPrefix = Self.topic(section, "discovery_prefix") ?? discoveryPrefix
        let intervalSeconds = section.int("interval_s", in: 5...3600) ?? Self.defaultIntervalSeconds
        interval = .seconds(intervalSeconds)
        retain = section.bool("retain") ?? true
        qos = section.int("qos", in: 0...2) ?? 0
        keepalive = section.int("keepalive_s", in: 5...3600) ?? Self.defaultKeepaliveSeconds
        reconnectMaximum = .seconds(section.int("reconnect_max_s", in: 1...300) ?? Self.defaultReconnectMaximumSeconds)
        queueSize = section.int("queue_size", in: 1...10_000) ?? Self.defaultQueueSize
        expireAfter = section.int("expire_after_s", in: 0...86_400) ?? 3 * intervalSeconds
        if expireAfter > 0 && expireAfter <= intervalSeconds {
            section.record(
                "expire_after_s", "expected more than interval_s (\(intervalSeconds)) or 0, found \(expireAfter)")
        }
        if let url = section.string("configuration_url") {
            let lower = url.lowercased()
            // The link is published in the discovery payload: it may carry no credentials or query values,
            // which would reach every subscriber of the broker. Redacted ones are refused, not shortened.
            if (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && URLRedaction.redact(url) == url {
                configurationURL = url
            } else {
                section.record(
                    "configuration_url",
                    "expected an http:// or https:// URL without credentials, query values or fragment, found \"\(URLRedaction.redact(url))\"")
            }
        }
    }

    /// Every key of the section.
    public static let keys = [
        "enabled", "url", "ca_file", "username", "password_file", "station_id", "client_id", "base_topic", "discovery",
        "discovery_prefix", "interval_s", "retain", "qos", "keepalive_s", "reconnect_max_s", "queue_size",
        "expire_after_s", "configuration_url",
    ]

    /// The topics these settings give.
    public var topics: MQTTTopics {
        MQTTTopics(base: baseTopic, discoveryPrefix: discoveryPrefix, stationID: stationID)
    }

    /// The effective values, keys as in the file. The password itself never appears, only its file.
    public var json: JSONValue {
        [
            "enabled": true,
            "url": .string(broker.description),
            "ca_file": JSONValue(caFile),
            "username": JSONValue(username),
            "password_file": JSONValue(passwordFile),
            "station_id": .string(stationID),
            "client_id": .string(clientID),
            "base_topic": .string(baseTopic),
            "discovery": .bool(discovery),
            "discovery_prefix": .string(discoveryPrefix),
            "interval_s": .number(interval.timeInterval),
            "retain": .bool(retain),
            "qos": JSONValue(qos),
            "keepalive_s": JSONValue(keepalive),
            "reconnect_max_s": .number(reconnectMaximum.timeInterval),
            "queue_size": JSONValue(queueSize),
            "expire_after_s": JSONValue(expireAfter),
            "configuration_url": JSONValue(configurationURL),
        ]
    }

    private static func topic(_ section: ConfigSection, _ key: String) -> String? {
        guard let text = section.string(key) else { return nil }
        if let problem = MQTTTopics.problem(withPrefix: text) {
            section.record(key, "\(problem), found \"\(text)\"")
            return nil
        }
        return text
    }
}
