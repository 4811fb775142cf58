import AirQuality
import Foundation
import HTTPTestSupport
import JSON
import SensorEmulation
import SensorRuntime
import Sensors
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station run` with `aqi.index: "eu-eaqi"`: an emulated PMS5003 on a real pseudo-terminal, the
/// terminal LED backend on stdout, the endpoint on loopback.
@Suite("breeze-station run with another index", .serialized)
struct StationIndexTests {
    @Test("aqi.index eu-eaqi: the EEA colour on the LEDs and the page's ring, both indices in the API and metrics")
    func europe() async throws {
        let directory = try scratchDirectory("index")
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("sensor").path
        let device = try #require(
            SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 20), start: Date()))
        let emulator = PseudoTerminalEmulator(device: device, link: link)
        try emulator.start()
        let config = directory.appendingPathComponent("config.json")
        try Data(
            """
            {"sensor": {"model": "pms5003", "serial": {"path": "\(link)"}, "interval_s": 1, "warm_up_s": 4},
             "aqi": {"index": "eu-eaqi", "also": ["us-epa"]},
             "leds": {"backend": "terminal", "kind": "rgb", "palette": "breeze", "self_test": false},
             "http": {"listen": "127.0.0.1:0"},
             "storage": {"path": "\(directory.appendingPathComponent("state/history.db").path)"},
             "log": {"level": "info"}}
            """.utf8
        ).write(to: config)
        let station = try StationProcess(["run", "--config", config.path])
        let port = try await station.servingPort()

        // 20 µg/m³: the EEA's band 3 (15-50, Moderate, #f0e641); the US AQI 71 (Moderate, #ff9500).
        let eea = AirQualityIndexDefinition.euEAQI.levels[2]
        var current = JSONValue.null
        let ready = try await station.wait(60) {
            current = try await getJSON("/api/v1/current", port: port)
            return Self.items(current["indices"]).first?["value"] == 3 && current["aqi"]?["source"] == "local"
        }
        #expect(ready, "\(current)\n\(station.stderr)")
        let indices = Self.items(current["indices"])
        try #require(indices.count == 2, "\(current)")
        #expect(indices[0]["index"] == "eu-eaqi")
        #expect(indices[0]["chosen"] == true)
        #expect(indices[0]["level"] == "moderate")
        #expect(indices[0]["color"] == .string(eea.color.hex))
        #expect(indices[0]["averaging"] == "instant")
        #expect(indices[0]["source"] == "local")
        #expect(indices[1]["index"] == "us-epa")
        #expect(indices[1]["chosen"] == false)
        #expect(indices[1]["value"] == current["aqi"]?["value"])
        // The `aqi` block stays the US AQI.
        let us = try #require(try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: 20).value)
        #expect(current["aqi"]?["value"] == .number(Double(us)))
        #expect(current["aqi"]?["color"] == .string(AQILevel(index: us).color.hex))

        // The LEDs: the EEA's colour, steady, not the US palette's.
        #expect(current["leds"]?["color"] == .string(eea.color.hex))
        #expect(current["leds"]?["pattern"] == "solid")
        #expect(await station.wait(10) { station.ledFrames.last == eea.color.hex }, "\(station.ledFrames.suffix(5))")

        // The page's ring in the EEA colour with the EAQI number, and the Indices card.
        let page = try await getText("/", port: port)
        #expect(page.contains("data-color=\"\(eea.color.hex)\""))
        #expect(page.contains("stroke=\"\(eea.color.hex)\""))
        #expect(page.contains("<span class=\"unit\">EAQI</span>"))
        #expect(page.contains("data-index=\"us-epa\""))

        // Metrics: one sample per configured index.
        let metrics = try await getText("/metrics", port: port)
        #expect(metrics.contains("breeze_local_index{index=\"eu-eaqi\"} 3"), "\(metrics)")
        #expect(metrics.contains("breeze_local_index{index=\"us-epa\"} \(us)"))

        station.send(SIGTERM)
        let exit = await station.waitForExit(within: 10)
        #expect(exit?.status == 0, "\(station.stderr)")
        await emulator.stop()
    }

    static func items(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let items)? = value { return items }
        return []
    }

    func getText(_ path: String, port: UInt16) async throws -> String {
        let exchange = try await offPool { try RawHTTPClient.request("GET", path, port: port) }
        return String(decoding: exchange.body, as: UTF8.self)
    }
}
