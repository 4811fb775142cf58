import AirQuality
import Foundation
import JSON
import OpenMeteoTestSupport
import Sensors
import Testing

@testable import Station

@Suite("The EPA correction in-process: defaults on an emulated PMS5003T, raw and corrected in history", .serialized)
struct StationCorrectionTests {
    func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { return number }
        return nil
    }

    @Test("default config on a PMS5003T: epa-2022-smoke with the sensor's humidity; history keeps pm2_5_raw")
    func defaultOnPMS5003T() async throws {
        let directory = try temporaryDirectory("correction")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let station = try InProcessStation(
            directory: directory, fake: fake, pm25: 14, model: .pms5003t, correction: nil)
        try await station.start()
        await station.advance(by: .seconds(5 * 60))
        let current = try await station.json("/api/v1/current")
        let sensor = try #require(current["sensor"])
        #expect(sensor["correction_configured"] == "auto")
        #expect(sensor["correction"] == "epa-2022-smoke")
        #expect(sensor["correction_rh_source"] == "sensor")
        #expect(sensor["humidity_flag"] == false)
        let raw = try #require(number(sensor["pm2_5"]))
        let humidity = try #require(number(sensor["correction_rh_pct"]))
        let corrected = try #require(number(sensor["pm2_5_corrected"]))
        // CF=1 equals the atmospheric value below 30 µg/m³ on the emulator; one decimal in the document.
        #expect(abs(corrected - (0.524 * raw - 0.0862 * humidity + 5.75)) < 0.15, "\(sensor)")
        #expect(abs(raw - 14) < 1)

        await station.advance(by: .seconds(2 * 3600))
        let history = try await station.json("/api/v1/history?resolution=hour")
        guard case .array(let points)? = history["points"], let hour = points.first(where: { $0["samples"] == 60 }) else {
            Issue.record("no complete hour: \(history)")
            try await station.stop()
            return
        }
        let hourRaw = try #require(number(hour["pm2_5_raw"]))
        let hourCorrected = try #require(number(hour["pm2_5"]))
        #expect(abs(hourRaw - 14) < 1)
        #expect(hourCorrected < hourRaw - 2, "corrected \(hourCorrected) vs raw \(hourRaw)")
        // Reconciliation compares the corrected hours.
        let reconciliation = try await station.json("/api/v1/current")["reconciliation"]
        #expect(reconciliation?["pm2_5"]?["hours"] != nil)
        let metrics = try await station.text("/metrics")
        #expect(metrics.contains("breeze_sensor_correction_relative_humidity_ratio{source=\"sensor\"}"))
        #expect(metrics.contains("breeze_sensor_humidity_flag 0"))
        try await station.stop()
    }

    @Test("a PMS5003 with neither a climate sensor nor Open-Meteo: uncorrected, and why")
    func noHumidityAnywhere() async throws {
        let directory = try temporaryDirectory("uncorrected")
        defer { try? FileManager.default.removeItem(at: directory) }
        let station = try InProcessStation(directory: directory, fake: nil, pm25: 14, correction: nil)
        try await station.start()
        await station.advance(by: .seconds(5 * 60))
        let sensor = try #require(try await station.json("/api/v1/current")["sensor"])
        #expect(sensor["correction_configured"] == "auto")
        #expect(sensor["correction"] == "none")
        #expect(sensor["correction_rh_source"] == .null)
        #expect(sensor["pm2_5_corrected"] == sensor["pm2_5"])
        guard case .string(let note)? = sensor["correction_note"] else {
            Issue.record("no note: \(sensor)")
            try await station.stop()
            return
        }
        #expect(note.contains("epa-2022-smoke needs relative humidity"))
        #expect(note.contains("the PM sensor's own is not measured"))
        try await station.stop()
    }
}
