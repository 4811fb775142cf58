import Clocks
import Foundation
import SensorEmulation
import Testing

@testable import Sensors

/// The climate drivers through the I2CDevice protocol the i2c-dev transport implements, against the emulators:
/// readings, retries by kind, a missing device, a replug, a wrong chip and a CRC that never holds.
@Suite("Climate sensor drivers")
struct ClimateDriverTests {
    static let conditions = ClimateScenario.steady(temperature: 23.4, relativeHumidity: 56.7, pressure: 98_765)

    static func rig(_ model: ClimateSensorModel, faults: EmulatorFaults = EmulatorFaults())
        -> (link: EmulatedI2CDevice, driver: ClimateSensorDriver)
    {
        let clock = SystemClock()
        let link = EmulatedI2CDevice(
            model: SensorEmulators.climateDevice(model, conditions: conditions, faults: faults),
            address: model.defaultI2CAddress, clock: clock)
        return (link, ClimateSensorDriver(model: model, device: link, clock: clock))
    }

    @Test("each sensor reads the emulated conditions", arguments: ClimateSensorModel.allCases)
    func reads(model: ClimateSensorModel) async throws {
        let (_, driver) = Self.rig(model)
        let reading = try #require(await driver.sample())
        #expect(abs(reading.temperature - 23.4) <= 0.01)
        #expect(abs(reading.relativeHumidity - 56.7) <= (model == .bme280 ? 0.01 : 0.002))
        if model == .bme280 {
            #expect(abs((reading.pressure ?? 0) - 98_765) <= 1)
        } else {
            #expect(reading.pressure == nil)
        }
        #expect(driver.health.state == .ok)
        let identity = driver.identity
        switch model {
        case .bme280: #expect(identity["chip_id"] == "0x60")
        case .sht4x: #expect(identity["serial"] == "0x0f1e2d3c")
        case .sht3x: #expect(identity["status"] == "0x8010")
        }
    }

    @Test("a bad CRC is read again and counted as a CRC retry", arguments: [ClimateSensorModel.sht3x, .sht4x])
    func crcRetry(model: ClimateSensorModel) async throws {
        let (link, driver) = Self.rig(model)
        _ = try #require(await driver.sample())
        link.inject([.badCRC])
        let reading = try #require(await driver.sample())
        #expect(abs(reading.temperature - 23.4) <= 0.01)
        #expect(driver.statistics.crcRetries == 1)
        #expect(driver.statistics.checksumErrors == 1)
        #expect(link.appliedFaults == [.badCRC])
    }

    @Test("a NACK is tried again and counted as a NACK retry", arguments: ClimateSensorModel.allCases)
    func nackRetry(model: ClimateSensorModel) async throws {
        let (link, driver) = Self.rig(model)
        _ = try #require(await driver.sample())
        link.inject([.nack])
        #expect(await driver.sample() != nil)
        #expect(driver.statistics.nackRetries == 1)
        #expect(driver.health.state == .ok)
    }

    @Test("a missing device is absent; plugged in, it is identified and read", arguments: ClimateSensorModel.allCases)
    func missingThenPresent(model: ClimateSensorModel) async throws {
        let (link, driver) = Self.rig(model)
        link.setPresent(false)
        #expect(await driver.sample() == nil)
        #expect(driver.health.state == .absent)
        link.setPresent(true)
        #expect(await driver.sample() != nil)
        #expect(driver.health.state == .ok)
        // Unplugged while running: every attempt NACKs, the driver says absent and reopens later.
        link.setPresent(false)
        #expect(await driver.sample() == nil)
        let health = driver.health
        #expect(health.state == .absent)
        #expect(health.lastGoodSample != nil)
        link.setPresent(true)
        #expect(await driver.sample() != nil)
    }

    @Test("a CRC that fails every attempt is stale, then a fault, and a good reading ends it")
    func crcAlwaysBad() async throws {
        let (link, driver) = Self.rig(.sht3x)
        _ = try #require(await driver.sample())
        link.withModel { $0.faults.badChecksum = 1 }
        #expect(await driver.sample() == nil)
        #expect(driver.health.state == .stale)
        #expect(driver.health.reason?.contains("CRC mismatch") == true)
        _ = await driver.sample()
        _ = await driver.sample()
        #expect(driver.health.state == .fault)
        link.withModel { $0.faults.badChecksum = 0 }
        #expect(await driver.sample() != nil)
        #expect(driver.health.state == .ok)
    }

    @Test("a BMP280 at the BME280's address is named, not read as one")
    func wrongChip() async throws {
        let clock = SystemClock()
        var bmp = BME280Device(conditions: Self.conditions)
        bmp.chipID = 0x58
        bmp.powerOn(at: clock.now)
        let link = EmulatedI2CDevice(model: bmp, address: 0x76, clock: clock)
        let driver = ClimateSensorDriver(model: .bme280, device: link, clock: clock)
        #expect(await driver.sample() == nil)
        #expect(driver.health.reason?.contains("BMP280") == true)
    }
}
