import Configuration
import Foundation
import JSON
import MQTT
import Testing

@Suite("mqtt configuration")
struct ConfigurationTests {
    @Test("no section, or enabled false: no MQTT")
    func absent() throws {
        let root = try ConfigFile.parse(Array("{}".utf8), source: "test")
        #expect(MQTTConfiguration(section: root.section("mqtt"), stationName: "Balcony") == nil)
        #expect(try Samples.configuration(#"{"enabled": false, "url": "mqtt://x", "interval_s": 30}"#) == nil)
    }

    @Test("defaults derive from the station name")
    func defaults() throws {
        let configuration = try #require(
            try Samples.configuration(#"{"url": "mqtt://ha.lan"}"#, stationName: "Balcony West"))
        #expect(configuration.broker == BrokerAddress(host: "ha.lan", port: 1883, usesTLS: false))
        #expect(configuration.stationID == "balcony_west")
        #expect(configuration.clientID == "breeze-balcony_west")
        #expect(configuration.baseTopic == "breeze/balcony_west")
        #expect(configuration.discoveryPrefix == "homeassistant")
        #expect(configuration.discovery)
        #expect(configuration.interval == .seconds(60))
        #expect(configuration.retain)
        #expect(configuration.qos == 0)
        #expect(configuration.keepalive == 15)
        #expect(configuration.reconnectMaximum == .seconds(15))
        #expect(configuration.queueSize == 60)
        #expect(configuration.expireAfter == 180)
        #expect(configuration.username == nil && configuration.passwordFile == nil && configuration.caFile == nil)
    }

    @Test("every key is read")
    func everyKey() throws {
        let configuration = try #require(
            try Samples.configuration(
                """
                {"url": "mqtts://[fd00::1]:8884", "ca_file": "/etc/ssl/ca.pem", "username": "breeze",
                 "password_file": "/etc/breeze-station/mqtt-password", "station_id": "flat-3", "client_id": "station-7",
                 "base_topic": "school/room-12", "discovery": false, "discovery_prefix": "ha", "interval_s": 15,
                 "retain": false, "qos": 1, "keepalive_s": 5, "reconnect_max_s": 4, "queue_size": 3, "expire_after_s": 0,
                 "configuration_url": "http://balcony.local:8080/"}
                """))
        #expect(configuration.broker == BrokerAddress(host: "fd00::1", port: 8884, usesTLS: true))
        #expect(configuration.caFile == "/etc/ssl/ca.pem")
        #expect(configuration.username == "breeze")
        #expect(configuration.passwordFile == "/etc/breeze-station/mqtt-password")
        #expect(configuration.stationID == "flat-3")
        #expect(configuration.clientID == "station-7")
        #expect(configuration.baseTopic == "school/room-12")
        #expect(!configuration.discovery)
        #expect(configuration.discoveryPrefix == "ha")
        #expect(configuration.interval == .seconds(15))
        #expect(!configuration.retain)
        #expect(configuration.qos == 1)
        #expect(configuration.keepalive == 5)
        #expect(configuration.reconnectMaximum == .seconds(4))
        #expect(configuration.queueSize == 3)
        #expect(configuration.expireAfter == 0)
        #expect(configuration.configurationURL == "http://balcony.local:8080/")
        #expect(configuration.topics.nodeID == "breeze_flat-3")
        // The printed configuration names the password file, never a password.
        let printed = configuration.json.serialized()
        #expect(printed.contains("\"password_file\":\"/etc/breeze-station/mqtt-password\""))
        #expect(configuration.json["url"] == "mqtts://[fd00::1]:8884")
        #expect(Set(MQTTConfiguration.keys) == Set(configuration.json.objectKeys))
    }

    @Test("a station_id also moves the default client id and base topic")
    func stationIDDefaults() throws {
        let configuration = try #require(try Samples.configuration(#"{"url": "mqtt://ha", "station_id": "kitchen"}"#))
        #expect(configuration.clientID == "breeze-kitchen")
        #expect(configuration.baseTopic == "breeze/kitchen")
    }

    @Test(
        "bad values are reported with their key paths",
        arguments: [
            (#"{}"#, "mqtt.url: missing"),
            (#"{"url": "http://ha:1883"}"#, "mqtt.url: expected mqtt://host:1883 or mqtts://host:8883"),
            (#"{"url": "mqtt://user:pw@ha"}"#, "mqtt.url: put no credentials in the URL"),
            (#"{"url": "mqtt://ha:99999"}"#, "mqtt.url: expected a port from 1 to 65535"),
            (#"{"url": "mqtt://ha", "ca_file": "/ca.pem"}"#, "mqtt.ca_file: applies to mqtts:// URLs only"),
            (#"{"url": "mqtt://ha", "password_file": "/pw"}"#, "mqtt.password_file: needs a \"username\" too"),
            (#"{"url": "mqtt://ha", "base_topic": "breeze/#"}"#, "mqtt.base_topic: expected no wildcards"),
            (
                #"{"url": "mqtt://ha", "base_topic": "breeze/"}"#,
                "mqtt.base_topic: expected no / at the start or the end"
            ),
            (#"{"url": "mqtt://ha", "discovery_prefix": ""}"#, "mqtt.discovery_prefix: expected a non-empty string"),
            (#"{"url": "mqtt://ha", "station_id": "Balcony West"}"#, "mqtt.station_id: expected 1 to 64 characters"),
            (#"{"url": "mqtt://ha", "interval_s": 1}"#, "mqtt.interval_s: expected an integer from 5 to 3600"),
            (#"{"url": "mqtt://ha", "qos": 3}"#, "mqtt.qos: expected an integer from 0 to 2"),
            (#"{"url": "mqtt://ha", "keepalive_s": 2}"#, "mqtt.keepalive_s: expected an integer from 5 to 3600"),
            (#"{"url": "mqtt://ha", "retain": "yes"}"#, "mqtt.retain: expected true or false"),
            (
                #"{"url": "mqtt://ha", "interval_s": 60, "expire_after_s": 30}"#,
                "mqtt.expire_after_s: expected more than interval_s"
            ),
            (
                #"{"url": "mqtt://ha", "configuration_url": "balcony.local"}"#,
                "mqtt.configuration_url: expected an http://"
            ),
            (
                #"{"url": "mqtt://ha", "intervall_s": 30}"#,
                "mqtt.intervall_s: unknown key; did you mean \"interval_s\"?"
            ),
        ])
    func errors(json: String, expected: String) {
        let errors = Samples.errors(json)
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }

    @Test("every problem of a section is reported at once")
    func allProblems() {
        let errors = Samples.errors(#"{"url": "ftp://x", "qos": 7, "queue_size": 0}"#)
        #expect(errors.count == 3, "\(errors)")
    }
}

@Suite("broker URLs")
struct BrokerAddressTests {
    @Test(
        "accepted forms",
        arguments: [
            ("mqtt://ha.lan", "ha.lan", 1883, false), ("mqtts://ha.lan", "ha.lan", 8883, true),
            ("MQTT://10.0.0.2:1884/", "10.0.0.2", 1884, false), ("mqtt://[::1]:1883", "::1", 1883, false),
            ("mqtts://[fd00::2]", "fd00::2", 8883, true),
        ])
    func accepted(text: String, host: String, port: Int, tls: Bool) throws {
        let address = try BrokerAddress(parsing: text)
        #expect(address == BrokerAddress(host: host, port: port, usesTLS: tls))
        #expect(try BrokerAddress(parsing: address.description) == address)
    }

    @Test(
        "refused forms",
        arguments: ["ha.lan:1883", "mqtt://", "mqtt://ha:0", "mqtt://ha/x", "mqtt://::1", "mqtt://[::1", "mqtt://h a"])
    func refused(text: String) {
        #expect(throws: BrokerAddressError.self) { try BrokerAddress(parsing: text) }
    }
}

@Suite("station ids")
struct StationIDTests {
    @Test(
        "derived from names",
        arguments: [
            ("Balcony", "balcony"), ("Balcony West", "balcony_west"), ("Living-Room", "living-room"),
            ("Küche", "kuche"), ("Straße 5", "strasse_5"), ("Łódź  Café!", "lodz_cafe"), ("Ærø", "aero"),
            ("  -Room 12- ", "room_12"), ("Balcony - West", "balcony_west"), ("阳台", "station"), ("", "station"),
            ("Cafe\u{0301}", "cafe"),
        ])
    func derived(name: String, id: String) {
        #expect(StationID.derive(from: name) == id)
        #expect(StationID.isValid(StationID.derive(from: name)))
    }

    @Test("long names are cut")
    func long() {
        let id = StationID.derive(from: String(repeating: "ab ", count: 40))
        #expect(id.count <= StationID.maximumLength)
        #expect(!id.hasSuffix("_"))
    }
}

@Suite("credentials")
struct CredentialsTests {
    private func configuration(passwordFile: String?) throws -> MQTTConfiguration {
        var configuration = MQTTConfiguration(
            broker: BrokerAddress(host: "127.0.0.1", port: 1883, usesTLS: false), stationName: "Balcony")
        configuration.username = "breeze"
        configuration.passwordFile = passwordFile
        return configuration
    }

    @Test("the password comes from the file, without its trailing newline, and is never described")
    func fromFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-pw-\(UUID().uuidString)")
        try Data("s3cr3t pass\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: file.path)
        let credentials = try #require(try MQTTCredentials.load(for: configuration(passwordFile: file.path)))
        #expect(credentials.username == "breeze")
        #expect(credentials.password == "s3cr3t pass")
        #expect(!credentials.passwordFileIsWorldReadable)
        #expect(!"\(credentials)".contains("s3cr3t"))
        #expect(!String(reflecting: credentials).contains("s3cr3t"))
    }

    @Test("a world-readable password file is flagged")
    func worldReadable() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-pw-\(UUID().uuidString)")
        try Data("pw".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file.path)
        #expect(
            try MQTTCredentials.load(for: configuration(passwordFile: file.path))?.passwordFileIsWorldReadable == true)
    }

    @Test("a missing or empty file is an error naming the key and the file, not the content")
    func unreadable() throws {
        #expect {
            try MQTTCredentials.load(for: configuration(passwordFile: "/nonexistent/pw"))
        } throws: { error in
            "\(error)" == "mqtt.password_file: cannot read /nonexistent/pw: no such file"
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mqtt-pw-\(UUID().uuidString)")
        try Data("\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect {
            try MQTTCredentials.load(for: configuration(passwordFile: file.path))
        } throws: { error in
            "\(error)" == "mqtt.password_file: \(file.path) is empty"
        }
    }

    @Test("no username: anonymous")
    func anonymous() throws {
        var configuration = try configuration(passwordFile: nil)
        configuration.username = nil
        #expect(try MQTTCredentials.load(for: configuration) == nil)
    }
}

extension JSONValue {
    var objectKeys: [String] {
        guard case .object(let pairs) = self else { return [] }
        return pairs.map(\.key)
    }
}
