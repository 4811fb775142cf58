import Foundation
import HTTPTestSupport
import JSON
import OpenMeteoTestSupport
import SensorEmulation
import SensorRuntime
import Sensors
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station run` against a hostile Open-Meteo: a number that ended the daemon, and URLs whose keys
/// and passwords must never leave the process (issue 20 §1-2).
@Suite("breeze-station run against a hostile Open-Meteo", .serialized)
struct HostileOpenMeteoTests {
    /// A PMS5003 on a pty, a station at Berlin with cities, and `openmeteo` pointing where `urls` says.
    struct Rig {
        let directory: URL
        let emulator: PseudoTerminalEmulator
        let config: URL

        init(_ name: String, openMeteo: String, mqtt: String = "") throws {
            directory = try scratchDirectory(name)
            let link = directory.appendingPathComponent("sensor").path
            let device = try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 5), start: Date()))
            emulator = PseudoTerminalEmulator(device: device, link: link)
            try emulator.start()
            config = directory.appendingPathComponent("config.json")
            try Data(
                """
                {"sensor": {"model": "pms5003", "serial": {"path": "\(link)"}, "interval_s": 1, "warm_up_s": 4},
                 "http": {"listen": "127.0.0.1:0"},
                 "storage": {"path": "\(directory.appendingPathComponent("state/history.db").path)"},
                 "log": {"level": "info"},
                 "station": {"name": "Test", "latitude": 52.52, "longitude": 13.41},
                 "openmeteo": \(openMeteo)\(mqtt)}
                """.utf8
            ).write(to: config)
        }

        func cleanUp() async {
            await emulator.stop()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    func get(_ path: String, port: UInt16) async throws -> (status: Int, body: String) {
        let exchange = try await offPool { try RawHTTPClient.request("GET", path, port: port) }
        return (exchange.status, String(decoding: exchange.body, as: UTF8.self))
    }

    @Test("PM2.5 of 1e19 from Open-Meteo: run keeps running and answering; the reference is unavailable with the reason")
    func hugeNumber() async throws {
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        fake.inject(
            .json(OpenMeteoFixtures.currentAirQuality(replacingCurrent: ["pm2_5": "1e19"])),
            path: "/v1/air-quality")
        let rig = try Rig("hostile-number", openMeteo: """
            {"air_quality_url": "\(fake.server.baseURL)/v1/air-quality", "geocoding_url": "\(fake.server.baseURL)/v1/search",
             "archive_url": "\(fake.server.baseURL)/v1/archive", "forecast_url": "\(fake.server.baseURL)/v1/forecast",
             "interval_s": 60}
            """)
        let station = try StationProcess(["run", "--config", rig.config.path])
        let port = try await station.servingPort()
        var current = JSONValue.null
        let rejected = try await station.wait(60) {
            current = try await getJSON("/api/v1/current", port: port)
            return current["reference"]?["status"] == "unavailable"
                && current["reference"]?["error"]?.stringValue?.contains("`current.pm2_5` is 1e+19") == true
        }
        #expect(rejected, "\(current)\n\(station.stderr)")
        #expect(fake.requests(to: "/v1/air-quality").count >= 1)
        // Still alive a second later (the crash came 1 s after start), the page and the API answering.
        #expect(await station.waitForExit(within: 2) == nil, "\(station.stderr)")
        let page = try await get("/", port: port)
        #expect(page.status == 200)
        #expect(page.body.contains("outside the plausible"), "the page shows why the reference is unavailable")
        #expect(try await get("/metrics", port: port).status == 200)
        station.send(SIGTERM)
        #expect(await station.waitForExit(within: 10)?.status == 0, "\(station.stderr)")
        await rig.cleanUp()
    }

    static let secret = "SECRETKEY4242"
    static let password = "PASSW0RDxyz"

    @Test("a key in every URL's query, a password in its userinfo: on no route, in no log line, not in check-config")
    func secretsStayInside() async throws {
        // A server that closes every connection without an answer: the transport error path, whose message
        // carried the full URL.
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        for path in ["/v1/air-quality", "/v1/search", "/v1/archive", "/v1/forecast", FakeOpenMeteo.pollenProxyPath] {
            fake.inject(.dropConnection, path: path)
        }
        let base = fake.server.baseURL.replacingOccurrences(of: "http://", with: "http://breeze:\(Self.password)@")
        func url(_ path: String) -> String { "\(base)\(path)?apikey=\(Self.secret)&token=\(Self.secret)" }
        let openMeteo = """
            {"air_quality_url": "\(url("/v1/air-quality"))", "geocoding_url": "\(url("/v1/search"))",
             "archive_url": "\(url("/v1/archive"))", "forecast_url": "\(url("/v1/forecast"))",
             "pollen_proxy_url": "\(url(FakeOpenMeteo.pollenProxyPath))", "interval_s": 60,
             "cities": [{"name": "Paris", "latitude": 48.85, "longitude": 2.35}]}
            """
        let rig = try Rig("hostile-secret", openMeteo: openMeteo)
        defer { Task { await rig.cleanUp() } }

        let checked = try await StationBinary.run(["check-config", "--config", rig.config.path])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.contains("apikey=***"), "\(checked.stdout)")
        #expect(checked.stdout.contains("http://***@127.0.0.1"), "\(checked.stdout)")
        for text in [checked.stdout, checked.stderr] {
            #expect(!text.contains(Self.secret) && !text.contains(Self.password), "\(text)")
        }

        let station = try StationProcess(["run", "--config", rig.config.path])
        let port = try await station.servingPort()
        let routes = ["/", "/api/v1/current", "/api/v1/cities", "/api/v1/pollen", "/api/v1/climate"]
        var bodies: [String: String] = [:]
        // Each route has its error once the first attempts (with their retries) failed; the climate's years
        // fail one by one, so it is only checked for the secret.
        let failed = try await station.wait(90) {
            for route in routes { bodies[route] = try await get(route, port: port).body }
            let current = try JSONValue.parse(Array((bodies["/api/v1/current"] ?? "").utf8))
            return current["reference"]?["error"]?.stringValue?.contains("apikey=***") == true
                && ["/api/v1/cities", "/api/v1/pollen"].allSatisfy { bodies[$0]?.contains("apikey=***") == true }
        }
        #expect(failed, "\(bodies)\n\(station.stderr)")
        for (route, body) in bodies {
            #expect(!body.contains(Self.secret) && !body.contains(Self.password), "\(route): \(body)")
        }
        #expect(station.stderr.contains("apikey=***"), "\(station.stderr)")
        #expect(!station.stderr.contains(Self.secret) && !station.stderr.contains(Self.password), "\(station.stderr)")
        station.send(SIGTERM)
        _ = await station.waitForExit(within: 10)
        #expect(!station.stderr.contains(Self.secret) && !station.stderr.contains(Self.password))
    }

    @Test("check-config: credentials in the MQTT URL and configuration_url are refused without being echoed")
    func mqttSecrets() async throws {
        let rig = try Rig(
            "hostile-mqtt", openMeteo: #"{"enabled": false}"#,
            mqtt: #", "mqtt": {"url": "mqtt://user:\#(Self.password)@127.0.0.1:1883/?key=\#(Self.secret)", "configuration_url": "http://admin:\#(Self.password)@station.lan/?apikey=\#(Self.secret)"}"#)
        defer { Task { await rig.cleanUp() } }
        let checked = try await StationBinary.run(["check-config", "--config", rig.config.path])
        #expect(checked.status == 78, "\(checked.stderr)")
        #expect(checked.stderr.contains("mqtt.url"), "\(checked.stderr)")
        #expect(checked.stderr.contains("mqtt.configuration_url"), "\(checked.stderr)")
        for text in [checked.stdout, checked.stderr] {
            #expect(!text.contains(Self.secret) && !text.contains(Self.password), "\(text)")
        }
    }
}
