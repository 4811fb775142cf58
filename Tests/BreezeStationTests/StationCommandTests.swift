import Foundation
import JSON
import OpenMeteoTestSupport
import Testing

@Suite("breeze-station check-config and run: the configuration contract")
struct StationCommandTests {
    func file(_ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(UUID().uuidString.prefix(8)).json")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("check-config prints the effective configuration, every section, defaults filled in")
    func valid() async throws {
        let config = try file(#"{"sensor": {"model": "pms5003", "serial": {"path": "/dev/ttyUSB0"}}, "log": {"level": "debug"}}"#)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try await StationBinary.run(["check-config", "--config", config.path])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try result.json()
        #expect(Set(json.keys) == [
            "station", "sensor", "climate", "aqi", "leds", "http", "openmeteo", "storage", "mqtt", "sensor_community",
            "opensensemap",
            "log",
        ])
        #expect((json["aqi"] as? [String: Any])?["index"] as? String == "us-epa")
        #expect((json["sensor"] as? [String: Any])?["interval_s"] as? Double == 10)
        #expect(json["leds"] is NSNull)
        #expect((json["storage"] as? [String: Any])?["path"] as? String == "/var/lib/breeze-station/history.db")
        #expect((json["log"] as? [String: Any])?["level"] as? String == "debug")
    }

    @Test("the state directory comes from systemd's STATE_DIRECTORY")
    func stateDirectory() async throws {
        let config = try file("{}")
        defer { try? FileManager.default.removeItem(at: config) }
        var environment = ProcessInfo.processInfo.environment
        environment["STATE_DIRECTORY"] = "/var/lib/private/breeze-station"
        let result = try await StationBinary.run(["check-config", "--config", config.path], environment: environment)
        #expect(result.stdout.contains(#""path" : "/var/lib/private/breeze-station/history.db""#)
            || result.stdout.contains(#""path": "/var/lib/private/breeze-station/history.db""#), "\(result.stdout)")
    }

    @Test("a bad file: every problem on stderr with its key path, exit 78, for check-config and run alike")
    func invalid() async throws {
        let config = try file(#"{"sensor": {"model": "pms5003", "interval_s": 0}, "led": {}, "station": {"latitude": 91}}"#)
        defer { try? FileManager.default.removeItem(at: config) }
        for command in ["check-config", "run"] {
            let result = try await StationBinary.run([command, "--config", config.path])
            #expect(result.status == 78, "\(command): \(result.stderr)")
            #expect(result.stdout.isEmpty)
            #expect(result.stderr.contains("has 4 problems"), "\(result.stderr)")
            #expect(result.stderr.contains("sensor.interval_s: expected a number from 1 to 86400, found 0"))
            #expect(result.stderr.contains(#"led: unknown key; did you mean "leds"?"#))
            #expect(result.stderr.contains("station.latitude: expected a number from -90 to 90, found 91"))
            #expect(result.stderr.contains("station.longitude: required with latitude"))
        }
    }

    @Test("a missing or unreadable file is a configuration error too (78), as is invalid JSON")
    func unreadable() async throws {
        let missing = try await StationBinary.run(["check-config", "--config", "/nonexistent/config.json"])
        #expect(missing.status == 78)
        #expect(missing.stderr.contains("cannot read /nonexistent/config.json: no such file"), "\(missing.stderr)")
        let broken = try file(#"{"sensor": "#)
        defer { try? FileManager.default.removeItem(at: broken) }
        let result = try await StationBinary.run(["run", "--config", broken.path])
        #expect(result.status == 78)
        #expect(result.stderr.contains("is not valid JSON"))
    }

    @Test("the mqtt section is checked with the rest: key paths in errors, defaults from the station's name")
    func mqtt() async throws {
        let bad = try file(#"{"mqtt": {"host": "broker.local"}}"#)
        defer { try? FileManager.default.removeItem(at: bad) }
        let refused = try await StationBinary.run(["check-config", "--config", bad.path])
        #expect(refused.status == 78)
        #expect(refused.stderr.contains("mqtt.url: missing"), "\(refused.stderr)")
        #expect(refused.stderr.contains("mqtt.host: unknown key"), "\(refused.stderr)")

        let good = try file(
            #"{"station": {"name": "Room 12"}, "mqtt": {"url": "mqtt://broker.local", "username": "breeze", "password_file": "/etc/breeze-station/mqtt-password"}}"#)
        defer { try? FileManager.default.removeItem(at: good) }
        let accepted = try await StationBinary.run(["check-config", "--config", good.path])
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let mqtt = try JSONValue.parse(accepted.stdout)["mqtt"]
        #expect(mqtt?["url"] == "mqtt://broker.local:1883")
        #expect(mqtt?["base_topic"] == "breeze/room_12")
        #expect(mqtt?["password_file"] == "/etc/breeze-station/mqtt-password")
    }

    @Test("run: an HTTP address that is taken exits 1 with the reason")
    func portTaken() async throws {
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let directory = try scratchDirectory("port-taken")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = try file(
            #"{"http": {"listen": "127.0.0.1:\#(fake.server.port)"}, "storage": {"path": "\#(directory.path)/history.db"}}"#)
        defer { try? FileManager.default.removeItem(at: config) }
        let result = try await StationBinary.run(["run", "--config", config.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot listen on 127.0.0.1:\(fake.server.port)"), "\(result.stderr)")
    }

    @Test("bad arguments exit 2")
    func usage() async throws {
        #expect(try await StationBinary.run(["run", "--bogus"]).status == 2)
        #expect(try await StationBinary.run(["check-config", "extra"]).status == 2)
        #expect(try await StationBinary.run(["demo", "--speed", "0"]).status == 2)
        #expect(try await StationBinary.run(["demo", "--scenario", "/nonexistent"]).status == 2)
    }
}
