public import FoundationEssentials
public import Sensors

/// Builds the emulator of any supported model.
public enum SensorEmulators {
    /// The emulated temperature/humidity sensor of `model` (behind an ``EmulatedI2CDevice``).
    public static func climateDevice(
        _ model: ClimateSensorModel, conditions: ClimateScenario = .room, faults: EmulatorFaults = EmulatorFaults()
    ) -> any ClimateDeviceModel {
        switch model {
        case .sht3x, .sht4x: SHTDevice(model: model, conditions: conditions, faults: faults)
        case .bme280: BME280Device(conditions: conditions, faults: faults)
        }
    }

    /// The emulated UART sensor of `model`; nil for I²C models.
    public static func serialDevice(
        _ model: SensorModel, scenario: ConcentrationScenario, timing: EmulatorTiming? = nil,
        faults: EmulatorFaults = EmulatorFaults(), start: Date
    ) -> (any SerialDeviceModel)? {
        guard model.bus == .serial else { return nil }
        switch model.family {
        case .plantower:
            return PlantowerDevice(model: model, scenario: scenario, timing: timing, faults: faults, start: start)
        case .novaFitness:
            return SDS011Device(scenario: scenario, timing: timing, faults: faults, start: start)
        case .honeywell:
            return HoneywellDevice(model: model, scenario: scenario, timing: timing, faults: faults, start: start)
        case .cubic:
            return PM1006Device(scenario: scenario, timing: timing, faults: faults, start: start)
        case .sensirion:
            return nil
        }
    }

    /// The emulated I²C sensor of `model`; nil for UART models.
    public static func i2cDevice(
        _ model: SensorModel, scenario: ConcentrationScenario, faults: EmulatorFaults = EmulatorFaults(),
        zeroFrameWindow: Duration = .seconds(3), start: Date
    ) -> (any I2CDeviceModel)? {
        switch model {
        case .sps30: SPS30Device(scenario: scenario, faults: faults, start: start)
        case .pmsa003i:
            PMSA003IDevice(scenario: scenario, zeroFrameWindow: zeroFrameWindow, faults: faults, start: start)
        default: nil
        }
    }
}
