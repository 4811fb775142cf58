public import Clocks
public import Diagnostics
import LinuxIO
public import SensorEmulation
public import Sensors

/// A sensor that exists only in software, read through the real driver stack: for `make demo` and tests.
/// UART models run on a pseudo-terminal (so the serial port code is the production one); I²C models are
/// emulated at the transport seam.
public final class EmulatedSensor: Sendable {
    /// The driver reading the emulator; run it like a real one.
    public let driver: SensorDriver
    /// The pty emulator of a UART model.
    public let terminal: PseudoTerminalEmulator?
    /// The emulated device of an I²C model.
    public let i2cDevice: EmulatedI2CDevice?

    /// Starts an emulated `model` following `scenario` and builds its driver.
    /// - Parameters:
    ///   - link: for UART models, a symlink to keep pointing at the pty.
    ///   - timing: the emulator's timing (default: the real sensor's).
    public init(
        model: SensorModel, scenario: ConcentrationScenario, settings: DriverSettings, timing: EmulatorTiming? = nil,
        faults: EmulatorFaults = EmulatorFaults(), link: String? = nil, clock: any StationClock, logger: Logger
    ) throws {
        if let device = SensorEmulators.serialDevice(
            model, scenario: scenario, timing: timing, faults: faults, start: clock.now)
        {
            let emulator = PseudoTerminalEmulator(device: device, link: link, clock: clock)
            let path = try emulator.start()
            terminal = emulator
            i2cDevice = nil
            let stream = SerialByteStream(path: link ?? path, baudRate: model.defaultBaudRate ?? 9600)
            driver = try SensorDriver(
                model: model, link: .serial(stream), settings: settings,
                pins: model.family == .plantower
                    ? SensorPins(set: emulator.setPin, reset: emulator.resetPin) : SensorPins(),
                clock: clock, logger: logger)
        } else if let device = SensorEmulators.i2cDevice(model, scenario: scenario, faults: faults, start: clock.now) {
            let emulated = EmulatedI2CDevice(model: device, address: model.defaultI2CAddress ?? 0, clock: clock)
            terminal = nil
            i2cDevice = emulated
            driver = try SensorDriver(
                model: model, link: .i2c(emulated), settings: settings, clock: clock, logger: logger)
        } else {
            throw SensorDriverError("no emulator for \(model.rawValue)")
        }
    }

    /// Stops the emulator (the driver's task is the caller's to cancel).
    public func stop() async {
        await terminal?.stop()
    }
}
