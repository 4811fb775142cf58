import Clocks
import Foundation
import JSON
import SensorEmulation
import Testing

@testable import Sensors

/// `probe --i2c` for climate sensors, on a bus of emulated chips behind the I2CDevice protocol: each found by
/// its address and a harmless identification read, nothing at empty addresses, nothing from a chip whose CRCs
/// never hold.
@Suite("Climate sensor probe")
struct ClimateProbeTests {
    static func bus(_ chips: [UInt8: any ClimateDeviceModel], clock: any StationClock) -> (UInt8) -> any I2CDevice {
        var devices: [UInt8: EmulatedI2CDevice] = [:]
        for (address, chip) in chips { devices[address] = EmulatedI2CDevice(model: chip, address: address, clock: clock) }
        let devicesFound = devices
        return { address in
            if let device = devicesFound[address] { return device }
            let empty = EmulatedI2CDevice(model: SHTDevice(model: .sht3x), address: address, clock: clock)
            empty.setPresent(false)
            return empty
        }
    }

    @Test func findsEachSensorAtItsAddress() async {
        let clock = SystemClock()
        let found = await ClimateProbe.probe(
            device: Self.bus([0x77: BME280Device(), 0x44: SHTDevice(model: .sht3x), 0x45: SHTDevice(model: .sht4x)],
                clock: clock),
            clock: clock)
        #expect(found.map(\.model) == [.bme280, .sht3x, .sht4x])
        #expect(found.map(\.address) == [0x77, 0x44, 0x45])
        #expect(found.first?.details["chip_id"] == "0x60")
        #expect(found.last?.details["serial"] == "0x0f1e2d3c")
        #expect(found[1].details["status"] == "0x8010")
        #expect(found.first?.json(location: [("i2c_bus", 1)])["kind"] == "climate")
    }

    @Test func anEmptyBusAndBadChipsAreNothing() async {
        let clock = SystemClock()
        #expect(await ClimateProbe.probe(device: Self.bus([:], clock: clock), clock: clock).isEmpty)
        var bmp = BME280Device()
        bmp.chipID = 0x58
        bmp.powerOn(at: clock.now)
        let noisy = SHTDevice(model: .sht4x, faults: EmulatorFaults(badChecksum: 1))
        let found = await ClimateProbe.probe(device: Self.bus([0x76: bmp, 0x44: noisy], clock: clock), clock: clock)
        #expect(found.isEmpty, "\(found)")
    }
}
