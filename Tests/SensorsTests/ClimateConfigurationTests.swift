import Configuration
import Foundation
import JSON
import Testing

@testable import Sensors

@Suite("Climate configuration")
struct ClimateConfigurationTests {
    static func read(_ text: String) throws -> (ClimateConfiguration?, String?) {
        let root = ConfigSection(document: try JSONValue.parse(text))
        let configuration = root.section("climate").flatMap { ClimateConfiguration(section: $0) }
        do {
            try root.finish()
            return (configuration, nil)
        } catch {
            return (configuration, "\(error)")
        }
    }

    @Test("every key is read; the defaults follow the model")
    func keys() throws {
        let (configuration, errors) = try Self.read(
            #"{"climate": {"model": "bme280", "i2c": {"bus": 3, "address": "0x77"}, "interval_s": 15, "temperature_offset_c": -1.5}}"#)
        #expect(errors == nil)
        let climate = try #require(configuration)
        #expect(climate.model == .bme280 && climate.i2cBus == 3 && climate.i2cAddress == 0x77)
        #expect(climate.interval == .seconds(15) && climate.temperatureOffset == -1.5)
        #expect(climate.json["i2c"]?["address"] == "0x77")
        let (defaults, _) = try Self.read(#"{"climate": {"model": "sht4x"}}"#)
        #expect(defaults?.i2cAddress == 0x44 && defaults?.i2cBus == 1 && defaults?.interval == .seconds(30))
    }

    @Test("an address the model cannot answer at, an unknown model and a wild offset name their key")
    func errors() throws {
        let (_, address) = try Self.read(#"{"climate": {"model": "bme280", "i2c": {"address": "0x44"}}}"#)
        #expect(address?.contains("climate.i2c.address") == true)
        #expect(address?.contains("0x76") == true)
        let (model, unknown) = try Self.read(#"{"climate": {"model": "dht22"}}"#)
        #expect(model == nil)
        #expect(unknown?.contains("climate.model") == true)
        let (_, offset) = try Self.read(#"{"climate": {"model": "sht3x", "temperature_offset_c": 40}}"#)
        #expect(offset?.contains("climate.temperature_offset_c") == true)
    }

    @Test("the offset corrects the temperature and recomputes the humidity for it (same water vapour)")
    func offset() throws {
        var climate = ClimateConfiguration(model: .sht3x)
        let measured = ClimateMeasurement(
            time: Date(timeIntervalSince1970: 0), model: .sht3x, temperature: 25, relativeHumidity: 50)
        #expect(climate.adjusted(measured) == measured)
        climate.temperatureOffset = -5
        let adjusted = climate.adjusted(measured)
        #expect(adjusted.temperature == 20)
        // e_s(25 °C) / e_s(20 °C) = 31.67 / 23.37 hPa (Magnus): 50 % at 25 °C is 67.7 % at 20 °C.
        #expect(abs(adjusted.relativeHumidity - 67.7) < 0.2)
        climate.temperatureOffset = -15
        #expect(climate.adjusted(measured).relativeHumidity == 100)
    }
}
