import AirQuality
import Clocks
import Diagnostics
import Foundation
import JSON
import LEDs
import OpenMeteoTestSupport
import SensorEmulation
import Storage
import Testing
import ClocksTestSupport
import LEDsTestSupport

@testable import Station

@Suite("The whole station in-process, hours in milliseconds", .serialized)
struct StationRuntimeTests {
    func expectedInstant(_ pm25: Double) throws -> Int {
        try #require(try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: pm25).value)
    }

    @Test("sensor → minutes → hours → NowCast → reconciliation → snapshot, LEDs and store; the fallback; shutdown")
    func pipeline() async throws {
        let directory = try temporaryDirectory("runtime")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let station = try InProcessStation(directory: directory, fake: fake, pm25: 14)
        try await station.start()

        // Warm-up, then the first samples: the instantaneous index, local, steady on the LEDs.
        await station.advance(by: .seconds(5 * 60))
        var current = try await station.json("/api/v1/current")
        #expect(current["sensor"]?["health"] == "ok")
        #expect(current["aqi"]?["source"] == "local")
        #expect(current["aqi"]?["basis"] == "instant")
        #expect(current["aqi"]?["value"] == .number(Double(try expectedInstant(14))))
        #expect(current["leds"]?["pattern"] == "solid")
        #expect(current["leds"]?["color"] == .string(LEDPalette.breeze.color(for: AQILevel(index: try expectedInstant(14))).hex))
        #expect(current["reference"]?["status"] == "ok")
        // Five minutes in, no complete hour yet: the block says why there is no verdict (never null).
        #expect(current["reconciliation"]?["state"] == "pending")
        #expect(current["reconciliation"]?["reason"] == "needs a complete local hour and the model's value for it")
        let earlyMetrics = try await station.text("/metrics")
        #expect(earlyMetrics.contains("breeze_reconciliation_state{state=\"pending\"} 1"))

        // Three hours later: the NowCast, and the reconciliation over the same clock hours.
        await station.advance(by: .seconds(3 * 3600))
        current = try await station.json("/api/v1/current")
        #expect(current["aqi"]?["basis"] == "nowcast")
        #expect(current["reconciliation"]?["state"] == "agrees")
        #expect(current["reconciliation"]?["pm2_5"]?["hours"] == 3)
        let history = try await station.json("/api/v1/history?resolution=minute")
        guard case .array(let points)? = history["points"] else {
            Issue.record("no points: \(history)")
            return
        }
        #expect(points.count >= 55)
        let metrics = try await station.text("/metrics")
        #expect(metrics.contains("breeze_store_up 1\n"))
        #expect(!metrics.contains("breeze_store_rows_written_total 0\n"))
        #expect(try await station.text("/api/v1/cities").contains(#""name":"Delhi""#))

        // The sensor is unplugged: absent, Open-Meteo's PM index (61) with the marker on the LEDs.
        station.stream.setPresent(false)
        await station.advance(by: .seconds(120))
        current = try await station.json("/api/v1/current")
        #expect(current["sensor"]?["health"] == "absent")
        #expect(current["aqi"]?["source"] == "open-meteo")
        #expect(current["aqi"]?["value"] == 61)
        #expect(current["leds"]?["pattern"] == "marked")
        #expect(current["leds"]?["color"] == .string(LEDPalette.breeze.color(for: .moderate).hex))

        // Plugged back in: local again after the warm-up.
        station.stream.setPresent(true)
        await station.advance(by: .seconds(150))
        current = try await station.json("/api/v1/current")
        #expect(current["aqi"]?["source"] == "local")
        #expect(current["sensor"]?["health"] == "ok")

        try await station.stop()
        #expect(station.recorder.isClosed)
        #expect(station.recorder.frames.last?.duties == [0, 0, 0])
        let store = try HistoryStore(path: station.databasePath)
        defer { store.close() }
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.hours(from: 0, to: Int64.max).count >= 4)
        #expect(station.logs.lines.contains { $0.contains("AQI source: open-meteo") })
    }

    @Test("a restart does not reset the AQI: the NowCast is rebuilt from the store before the first sample")
    func restart() async throws {
        let directory = try temporaryDirectory("restart")
        defer { try? FileManager.default.removeItem(at: directory) }
        let clock = ManualClock(start: InProcessStation.start)
        let first = try InProcessStation(directory: directory, fake: nil, pm25: 30, clock: clock)
        try await first.start()
        await first.advance(by: .seconds(3 * 3600 + 300))
        let before = try await first.json("/api/v1/current")
        #expect(before["aqi"]?["basis"] == "nowcast")
        try await first.stop()

        let second = try InProcessStation(directory: directory, fake: nil, pm25: 30, clock: clock)
        try await second.start()
        let after = try await second.json("/api/v1/current")
        #expect(after["sensor"]?["health"] == "warming_up")
        #expect(after["aqi"]?["basis"] == "nowcast")
        #expect(after["aqi"]?["value"] == before["aqi"]?["value"])
        #expect(after["aqi"]?["nowcast"] == before["aqi"]?["nowcast"])
        try await second.stop()
    }

    @Test("the reconciliation's paired hours survive a restart: a week of them is restored, counted, and written back")
    func reconciliationMemory() async throws {
        let directory = try temporaryDirectory("memory")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent(ReconciliationMemory.fileName)
        // Four days before this start the sensor read three times the model, hour after hour.
        var history = ReconciliationHistory()
        for hour in 1...96 {
            history.record(
                hourStart: InProcessStation.start.addingTimeInterval(Double(-hour) * 3600), local: 30, reference: 10,
                now: InProcessStation.start, window: 7 * 86_400)
        }
        try JSONEncoder().encode(history).write(to: file)

        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let station = try InProcessStation(directory: directory, fake: fake, pm25: 14)
        try await station.start()
        await station.advance(by: .seconds(2 * 3600))
        let current = try await station.json("/api/v1/current")
        let reconciliation = try #require(current["reconciliation"])
        guard case .number(let hours)? = reconciliation["long_run_hours"], case .number(let ratio)? = reconciliation["long_run_ratio"]
        else {
            Issue.record("no long-run figures: \(reconciliation)")
            return
        }
        #expect(hours >= 96, "\(reconciliation)")
        #expect(ratio > 2.5, "\(reconciliation)")
        #expect(station.logs.lines.contains { $0.contains("96 paired hours restored") })
        try await station.stop()

        let saved = try JSONDecoder().decode(ReconciliationHistory.self, from: Data(contentsOf: file))
        #expect(saved.pairs.count >= 96)
    }
}
