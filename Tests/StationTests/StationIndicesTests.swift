import AirQuality
import Clocks
import Foundation
import JSON
import LEDs
import OpenMeteoTestSupport
import Testing
import ClocksTestSupport

@testable import Station

@Suite("Another index in-process: its own averaging once the hours exist, history per index", .serialized)
struct StationIndicesTests {
    @Test("eu-eaqi: instant at first, the 24-hour running mean from 18 complete hours; LEDs in the EEA colour; history per index")
    func runningMean() async throws {
        let directory = try temporaryDirectory("indices")
        defer { try? FileManager.default.removeItem(at: directory) }
        let station = try InProcessStation(
            directory: directory, fake: nil, pm25: 20, aqi: AQIConfiguration(index: .euEAQI, also: [.usEPA, .caAQHIPlus]))
        try await station.start()

        await station.advance(by: .seconds(5 * 60))
        var current = try await station.json("/api/v1/current")
        guard case .array(var blocks)? = current["indices"] else {
            Issue.record("no indices: \(current)")
            return
        }
        #expect(blocks.map { $0["index"] } == ["eu-eaqi", "us-epa", "ca-aqhi-plus"])
        #expect(blocks[0]["averaging"] == "instant")
        #expect(blocks[0]["value"] == 3)
        #expect(blocks[2]["averaging"] == "instant")
        let eea = AirQualityIndexDefinition.euEAQI.levels[2].color.hex
        #expect(current["leds"]?["color"] == .string(eea))

        // 19 hours on: 18 complete hours and more, so the EEA's own averaging; AQHI+ on the last hour.
        await station.advance(by: .seconds(19 * 3600))
        current = try await station.json("/api/v1/current")
        if case .array(let now)? = current["indices"] { blocks = now }
        #expect(blocks[0]["averaging"] == "24h-running")
        #expect(blocks[0]["value"] == 3)
        #expect(blocks[1]["averaging"] == "nowcast")
        #expect(blocks[2]["averaging"] == "1h")
        #expect(blocks[2]["value"] == 2)
        #expect(current["leds"]?["color"] == .string(eea))

        let history = try await station.json("/api/v1/history?resolution=hour")
        guard case .array(let points)? = history["points"], let last = points.last else {
            Issue.record("no points: \(history)")
            return
        }
        #expect(last["indices"]?["eu-eaqi"] == 3)
        #expect(last["indices"]?["ca-aqhi-plus"] == 2)
        #expect(last["indices"]?["us-epa"] == last["aqi"])
        try await station.stop()
    }

    @Test("eu-eaqi with Open-Meteo: the reference block pending, then the same 24-hour running mean from the model's PM; Open-Meteo's own european_aqi beside it")
    func reference() async throws {
        let directory = try temporaryDirectory("indices-reference")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        // 2026-11-29T00:00Z: the fake's 48 model hours (from 2026-11-28T23:00Z) cover the next 46 hours.
        let station = try InProcessStation(
            directory: directory, fake: fake, pm25: 20, clock: ManualClock(start: Date(timeIntervalSince1970: 1_795_910_400)),
            aqi: AQIConfiguration(index: .euEAQI, also: [.usEPA]))
        try await station.start()

        await station.advance(by: .seconds(5 * 60))
        var current = try await station.json("/api/v1/current")
        guard case .array(var blocks)? = current["indices"] else {
            Issue.record("no indices: \(current)")
            return
        }
        #expect(blocks[0]["averaging"] == "instant")
        #expect(blocks[0]["reference"]?["state"] == "pending")
        #expect(blocks[1]["reference"] == .null)

        await station.advance(by: .seconds(19 * 3600))
        current = try await station.json("/api/v1/current")
        if case .array(let now)? = current["indices"] { blocks = now }
        let reference = blocks[0]["reference"]
        #expect(blocks[0]["averaging"] == "24h-running")
        #expect(blocks[0]["value"] == 3)
        // The model's PM2.5 cycles 12-17 µg/m³ (hour means about 14.5): Fair, one level below the local Moderate.
        #expect(reference?["value"] == 2)
        #expect(reference?["level"] == "fair")
        #expect(reference?["averaging"] == "24h-running")
        #expect(reference?["state"] == "agrees")
        #expect(reference?["open_meteo"]?["value"] == 38)
        #expect(reference?["open_meteo"]?["pm2_5"] == 38)
        #expect(reference?["open_meteo"]?["pm10"] == 17)
        #expect(blocks[1]["reference"] == .null)
        let metrics = try await station.text("/metrics")
        #expect(metrics.contains("breeze_reference_index{index=\"eu-eaqi\"} 2\n"))
        #expect(metrics.contains("breeze_local_index{index=\"eu-eaqi\"} 3\n"))
        try await station.stop()
    }
}
