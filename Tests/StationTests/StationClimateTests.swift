import AirQuality
import Clocks
import Foundation
import JSON
import OpenMeteoTestSupport
import SensorEmulation
import Sensors
import Testing
import ClocksTestSupport

@testable import Station

@Suite("The climate sensor in-process: readings in the API, metrics and page; first for the correction", .serialized)
struct StationClimateTests {
    func number(_ value: JSONValue?) -> Double? {
        if case .number(let number)? = value { return number }
        return nil
    }

    @Test("an emulated BME280 beside a PMS5003T: its readings everywhere, its humidity first; unplugged, the sensor's")
    func climateSensorFirst() async throws {
        let directory = try temporaryDirectory("climate")
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let clock = ManualClock(start: InProcessStation.start)
        let device = EmulatedI2CDevice(
            model: BME280Device(conditions: .steady(temperature: 18, relativeHumidity: 72, pressure: 100_500)),
            address: 0x76, clock: clock)
        var climate = ClimateConfiguration(model: .bme280)
        climate.interval = .seconds(30)
        climate.temperatureOffset = -1
        let station = try InProcessStation(
            directory: directory, fake: fake, pm25: 14, clock: clock, model: .pms5003t, correction: nil,
            climate: climate, climateDevice: device)
        try await station.start()
        await station.advance(by: .seconds(5 * 60))

        var current = try await station.json("/api/v1/current")
        let block = try #require(current["climate"])
        #expect(block["source"] == "climate")
        #expect(block["model"] == "bme280")
        #expect(abs((number(block["temperature_c"]) ?? 0) - 17) < 0.1, "\(block)")
        // 72 % at 18 °C read 1 °C warm is about 76.8 % at 17 °C.
        let humidity = try #require(number(block["humidity_pct"]))
        #expect(humidity > 76 && humidity < 78, "\(block)")
        #expect(abs((number(block["pressure_hpa"]) ?? 0) - 1005) < 0.5, "\(block)")
        #expect((number(block["age_s"]) ?? 99) <= 30)
        var sensor = try #require(current["sensor"])
        #expect(sensor["correction"] == "epa-2022-smoke")
        #expect(sensor["correction_rh_source"] == "climate")
        #expect(sensor["correction_rh_pct"] == block["humidity_pct"])
        let metrics = try await station.text("/metrics")
        #expect(metrics.contains("breeze_climate_temperature_celsius{source=\"climate\",model=\"bme280\"} 17"))
        #expect(metrics.contains("breeze_climate_pressure_pascals{source=\"climate\",model=\"bme280\"}"))
        let page = try await station.text("/")
        #expect(page.contains("<p id=\"climate\">17.0 °C"))
        #expect(page.contains("with climate humidity"))

        // The climate sensor is unplugged: its reading ages out, the PMS5003T's own takes over; the pipeline
        // goes on (the AQI stays local and current).
        device.setPresent(false)
        await station.advance(by: .seconds(4 * 60))
        current = try await station.json("/api/v1/current")
        sensor = try #require(current["sensor"])
        #expect(sensor["correction_rh_source"] == "sensor")
        #expect(current["climate"]?["source"] == "sensor")
        #expect(current["climate"]?["model"] == "pms5003t")
        #expect(current["climate"]?["pressure_hpa"] == .null)
        #expect(current["aqi"]?["source"] == "local")
        #expect(sensor["health"] == "ok")
        try await station.stop()
    }
}
