import AirQuality
import Configuration
import Diagnostics
import Foundation
import GPIO
import JSON
import LEDs
import OpenMeteo
import Sensors
import Station
import Testing
import Uploads
import WebAPI

@Suite("The station's configuration file")
struct StationConfigurationTests {
    func parse(_ text: String, environment: [String: String] = [:]) throws -> StationConfiguration {
        try parseConfiguration(text, environment: environment)
    }

    func problems(_ text: String) -> [String] { configurationProblems(text).map(\.description) }

    @Test("an empty file: defaults that work (no sensor, no LEDs, no location, the state directory)")
    func defaults() throws {
        let configuration = try parse("{}")
        #expect(configuration.station.name == "Breeze Station")
        #expect(configuration.station.location == .none)
        #expect(configuration.sensor == nil)
        #expect(configuration.leds == nil)
        #expect(configuration.http.listen.description == "0.0.0.0:8080")
        #expect(configuration.openMeteo.enabled)
        #expect(configuration.storage.path == "/var/lib/breeze-station/history.db")
        #expect(configuration.storage.retentionDays == 365)
        #expect(configuration.log.level == .info)
    }

    @Test("the opensensemap section is read and checked with the rest; check-config shows the token's file only")
    func openSenseMap() throws {
        let configuration = try parse(
            #"{"opensensemap": {"box_id": "5f2b56f4263635001c1dd1c0", "token_file": "/etc/breeze-station/osm-token", "#
                + #""sensors": {"pm2_5": "5f2b56f4263635001c1dd1c1", "humidity": "5f2b56f4263635001c1dd1c5"}}}"#)
        let settings = try #require(configuration.openSenseMap)
        #expect(settings.boxID == "5f2b56f4263635001c1dd1c0")
        #expect(settings.sensors.count == 2)
        #expect(configuration.json()["opensensemap"]?["token_file"] == "/etc/breeze-station/osm-token")
        #expect(problems(#"{"opensensemap": {"box_id": "5f2b56f4263635001c1dd1c0", "sensors": {"pm2.5": "x"}}}"#)
            .contains { $0.hasPrefix("opensensemap.sensors.pm2.5: unknown key") })
    }

    @Test("storage.path naming a directory is refused, with the file name it probably meant")
    func storagePathIsADirectory() {
        let directory = NSTemporaryDirectory().hasSuffix("/") ? String(NSTemporaryDirectory().dropLast()) : NSTemporaryDirectory()
        let errors = problems("{\"storage\": {\"path\": \"\(directory)\"}}")
        #expect(
            errors == [
                "storage.path: expected the path of the database file (a directory holds it), found the directory "
                    + "\"\(directory)\"; did you mean \"\(directory)/history.db\"?"
            ], "\(errors)")
        #expect(problems("{\"storage\": {\"path\": \"\(directory)/history.db\"}}").isEmpty)
    }

    @Test("the database defaults to systemd's state directory (the first of several)")
    func stateDirectory() throws {
        let one = try parse("{}", environment: ["STATE_DIRECTORY": "/var/lib/breeze-station"])
        #expect(one.storage.path == "/var/lib/breeze-station/history.db")
        let several = try parse("{}", environment: ["STATE_DIRECTORY": "/var/lib/private/breeze:/var/lib/other"])
        #expect(several.storage.path == "/var/lib/private/breeze/history.db")
        #expect(several.storage.stateFile("place.json") == "/var/lib/private/breeze/place.json")
    }

    @Test("the example of docs/configuration.md")
    func documentedExample() throws {
        let configuration = try parse(
            """
            {
              "station": { "name": "Balcony", "latitude": 52.52, "longitude": 13.405 },
              "sensor": { "model": "pms5003", "serial": { "path": "/dev/serial0" }, "interval_s": 10,
                          "correction": "epa-2021", "set_pin": "GPIO22", "reset_pin": "GPIO27" },
              "leds": { "chip": "pinctrl-bcm2711", "red": "GPIO5", "green": "GPIO6", "blue": "GPIO13",
                        "night": { "start": "22:00", "end": "07:00", "mode": "dim", "brightness": 0.15 } },
              "http": { "listen": "[::]:8080" },
              "openmeteo": { "interval_s": 900, "cities": [ { "name": "Berlin", "latitude": 52.52, "longitude": 13.41 } ] },
              "storage": { "retention_days": 365 },
              "log": { "level": "info" }
            }
            """)
        #expect(configuration.station.name == "Balcony")
        guard case .coordinates(let place) = configuration.station.location else {
            Issue.record("no coordinates")
            return
        }
        #expect(place.latitude == 52.52)
        #expect(configuration.sensor?.model == .pms5003)
        #expect(configuration.correction == .epa2021)
        #expect(configuration.leds?.chip?.text == "pinctrl-bcm2711")
        #expect(configuration.openMeteo.cities.count == 1)
    }

    @Test("a place name instead of coordinates")
    func place() throws {
        #expect(try parse(#"{"station": {"place": "  Lyon, France "}}"#).station.location == .place("Lyon, France"))
    }

    @Test(
        "every problem names its key path, what was expected and what was found",
        arguments: [
            (#"{"station": {"latitude": 95, "longitude": 13}}"#, "station.latitude: expected a number from -90 to 90, found 95"),
            (#"{"station": {"latitude": 52}}"#, "station.longitude: required with latitude"),
            (#"{"station": {"place": "Berlin", "latitude": 1, "longitude": 2}}"#, "station.place: give either place or latitude"),
            (#"{"station": {"place": "B"}}"#, "station.place: expected a place name of 2 characters or more"),
            (#"{"station": {"name": 7}}"#, "station.name: expected a string, found 7"),
            (#"{"storage": {"path": "history.db"}}"#, "storage.path: expected an absolute path to the database file, found \"history.db\""),
            (#"{"storage": {"retention_days": 0}}"#, "storage.retention_days: expected an integer from 1 to 3650, found 0"),
            (#"{"log": {"level": "verbose"}}"#, #"log.level: expected one of "debug", "info", "notice", "warning", "error", found "verbose""#),
            (#"{"sensor": {"model": "pms5003", "serial": {"baud": 9601}}}"#, "sensor.serial.baud: expected one of"),
            (#"{"sensor": {}}"#, "sensor.model: required"),
            (#"{"leds": {"brigthness": 1}}"#, #"leds.brigthness: unknown key; did you mean "brightness"?"#),
            (#"{"stations": {}}"#, #"stations: unknown key; did you mean "station"?"#),
            (#"{"mqtt": {"host": "broker"}}"#, "mqtt.url: missing"),
            (#"{"mqtt": {"url": "mqtt://broker", "hots": 1}}"#, "mqtt.hots: unknown key"),
            (#"{"http": {"listen": "nowhere"}}"#, "http.listen: expected HOST:PORT"),
            (#"{"openmeteo": {"interval_s": 10}}"#, "openmeteo.interval_s: expected an integer from 60 to 86400, found 10"),
        ])
    func problem(_ text: String, _ expected: String) {
        let found = problems(text)
        #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
    }

    @Test("every problem of a file at once")
    func allProblems() {
        let found = problems(#"{"station": {"latitude": 95}, "log": {"level": 1}, "sensor": {"model": "pms9999"}}"#)
        #expect(found.count == 4, "\(found)")
    }

    @Test("the effective configuration: every section in order, defaults filled in, URL queries hidden")
    func effective() throws {
        let configuration = try parse(
            #"{"openmeteo": {"air_quality_url": "https://om.example/v1/air-quality?apikey=secret"}, "sensor": {"model": "sds011"}}"#)
        let json = configuration.json(redactingSecrets: true)
        guard case .object(let pairs) = json else {
            Issue.record("not an object")
            return
        }
        #expect(pairs.map(\.key) == [
            "station", "sensor", "sensor_b", "climate", "aqi", "leds", "http", "openmeteo", "storage", "mqtt",
            "sensor_community", "opensensemap",
            "log",
        ])
        #expect(json["sensor_community"] == .null)
        #expect(json["opensensemap"] == .null)
        #expect(json["leds"] == .null)
        #expect(json["mqtt"] == .null)
        #expect(configuration.mqtt == nil)
        #expect(json["sensor"]?["model"] == "sds011")
        #expect(json["openmeteo"]?["air_quality_url"] == "https://om.example/v1/air-quality?apikey=***")
        #expect(!json.serialized().contains("secret"))
        #expect(configuration.json(redactingSecrets: false)["openmeteo"]?["air_quality_url"]
            == "https://om.example/v1/air-quality?apikey=secret")
        #expect(json["station"] == ["name": "Breeze Station", "latitude": nil, "longitude": nil, "place": nil])
    }

    @Test("the hardware-in-the-loop rig's station configurations are valid")
    func rigFixtures() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        for name in ["station-pms5003-rgb.json", "station-pms5003-rgb-regional.json"] {
            let path = root.appendingPathComponent("board/hil/fixtures/\(name)").path
            guard FileManager.default.fileExists(atPath: path) else { continue }
            let configuration = try StationConfiguration.load(path: path, environment: [:])
            #expect(configuration.sensor?.model == .pms5003, "\(name)")
        }
    }
}
