import AirQuality
import Foundation
import JSON
import MQTTTestSupport
import OpenMeteoTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("breeze-station demo", .serialized)
struct DemoCommandTests {
    @Test("the whole station on an emulated sensor: says where to look, takes another port when its own is taken, serves the sensor's AQI, cleans up on Ctrl-C")
    func demo() async throws {
        // A port that is taken: the fake's.
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let taken = fake.server.port
        let demo = try StationProcess(["demo", "--no-openmeteo", "--listen", "127.0.0.1:\(taken)", "--scenario", "steady"])
        let said = await demo.wait(60) { demo.stdout.contains("Stop with Ctrl-C") || demo.exited != nil }
        #expect(said, "\(demo.stdout)\n\(demo.stderr)")
        let text = demo.stdout
        #expect(text.contains("port \(taken) is taken: listening on"), "\(text)")
        #expect(text.contains("Status page  http://127.0.0.1:"))
        #expect(text.contains("Open-Meteo   off"))
        let port = try #require(text.range(of: "Status page  http://127.0.0.1:").flatMap { range in
            UInt16(text[range.upperBound...].prefix { $0.isNumber })
        })
        #expect(port != UInt16(taken))
        // Two "History" lines: the API call and the database file; the file's is the one with a path.
        let directory = try #require(text.range(of: "History      /").map { range in
            "/" + String(text[range.upperBound...].prefix { $0 != " " && $0 != "\n" })
        })
        #expect(directory.hasSuffix("/history.db"))

        // The emulated sensor's value (steady 10 µg/m³) after the warm-up, local, corrected by default with the
        // emulated climate sensor's humidity, drawn on the terminal LED.
        var current = JSONValue.null
        let local = try await demo.wait(60) {
            current = try await getJSON("/api/v1/current", port: port)
            return current["aqi"]?["source"] == "local"
        }
        #expect(local, "\(current)")
        #expect(current["sensor"]?["correction"] == "epa-2022-smoke")
        #expect(current["sensor"]?["correction_rh_source"] == "climate")
        #expect(current["climate"]?["source"] == "climate")
        guard case .number(let corrected)? = current["sensor"]?["pm2_5_corrected"], case .number(let aqi)? = current["aqi"]?["value"]
        else {
            Issue.record("no corrected value or AQI: \(current)")
            return
        }
        #expect(corrected < 9, "\(current)")
        let expected = try #require(try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: corrected).value)
        // The AQI is the 10-minute mean of corrected minutes; the humidity moves slowly, so within one.
        #expect(abs(aqi - Double(expected)) <= 1, "\(current)")
        let colour = AQILevel(index: Int(aqi)).color.hex
        #expect(await demo.wait(10) { demo.ledFrames.last == colour }, "\(demo.ledFrames.suffix(3))")

        demo.send(SIGINT)
        let exit = await demo.waitForExit(within: 10)
        #expect(exit?.status == 0, "\(demo.stderr)")
        #expect(demo.ledFrames.last == "off")
        #expect(demo.stdout.contains("removed /"))
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    @Test("demo --config FILE runs the user's settings (name, place, listen address, palette) with the emulator as the sensor, terminal LEDs and a temporary history")
    func demoWithConfig() async throws {
        let directory = try scratchDirectory("demo-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = try MosquittoBroker.freePort()
        let config = directory.appendingPathComponent("config.json")
        // A configuration for real hardware: a serial sensor and GPIO LEDs that this machine does not have, a
        // database path that cannot be created. The demo must keep the name, place, listen and palette.
        try Data(
            """
            {"station": {"name": "Balcony Trial", "latitude": 48.14, "longitude": 11.58},
             "sensor": {"model": "pms5003", "serial": {"path": "/dev/ttyBREEZE-absent"}, "correction": "none"},
             "leds": {"chip": "gpiochip9", "red": 5, "green": 6, "blue": 13, "palette": "epa", "self_test": false},
             "http": {"listen": "127.0.0.1:\(port)"},
             "openmeteo": {"enabled": false},
             "storage": {"path": "/proc/breeze-nowhere/history.db"}}
            """.utf8
        ).write(to: config)
        let demo = try StationProcess(["demo", "--config", config.path, "--scenario", "steady"])
        let said = await demo.wait(60) { demo.stdout.contains("Stop with Ctrl-C") || demo.exited != nil }
        #expect(said, "\(demo.stdout)\n\(demo.stderr)")
        let text = demo.stdout
        #expect(text.contains("Settings     \(config.path)"), "\(text)")
        #expect(text.contains("Status page  http://127.0.0.1:\(port)/"), "\(text)")
        #expect(text.contains("History      /") && !text.contains("breeze-nowhere"), "\(text)")

        var current = JSONValue.null
        let local = try await demo.wait(60) {
            current = try await getJSON("/api/v1/current", port: UInt16(port))
            return current["aqi"]?["source"] == "local"
        }
        #expect(local, "\(current)\n\(demo.stderr)")
        #expect(current["station"]?["name"] == "Balcony Trial")
        #expect(current["station"]?["latitude"] == 48.14)
        #expect(current["sensor"]?["model"] == "PMS5003")
        #expect(current["sensor"]?["health"] == "ok")
        // The user's correction (none), not the default.
        #expect(current["sensor"]?["correction"] == "none")
        #expect(current["sensor"]?["correction_configured"] == "none")
        // The user's palette (epa) on the terminal LED, not the demo's default.
        let expected = try #require(try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: 10).value)
        // 10 µg/m³ is Moderate: the EPA's yellow (AQIStatus would be #ff9500).
        #expect(AQILevel(index: expected) == .moderate)
        let epa = "#ffff00"
        #expect(current["leds"]?["color"] == .string(epa))
        #expect(await demo.wait(10) { demo.ledFrames.last == epa }, "\(demo.ledFrames.suffix(3))")

        demo.send(SIGINT)
        #expect(await demo.waitForExit(within: 10)?.status == 0, "\(demo.stderr)")
    }

    @Test("demo --config with an invalid file exits 78 naming the key")
    func demoWithBadConfig() async throws {
        let directory = try scratchDirectory("demo-bad-config")
        defer { try? FileManager.default.removeItem(at: directory) }
        let config = directory.appendingPathComponent("config.json")
        try Data(#"{"leds": {"palette": "rainbow"}}"#.utf8).write(to: config)
        let result = try await StationBinary.run(["demo", "--config", config.path])
        #expect(result.status == 78, "\(result.stderr)")
        #expect(result.stderr.contains("leds.palette"), "\(result.stderr)")
    }
}
