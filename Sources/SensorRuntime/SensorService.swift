public import Clocks
public import Diagnostics
import LinuxIO
public import Sensors

/// Builds the sensor driver the station runs, from the `sensor` section of its configuration, over the real
/// devices (a tty through ``LinuxIO/SerialByteStream``, an i2c-dev device through ``LinuxIO/I2CBusDevice``).
///
/// ```swift
/// let driver = try SensorService.makeDriver(configuration: sensor, pins: pins, clock: SystemClock(), logger: log)
/// group.addTask { try await driver.run() }
/// for await event in driver.events { ... }
/// ```
public enum SensorService {
    /// The device link of `configuration`.
    public static func link(for configuration: SensorConfiguration) -> SensorDriver.Link {
        switch configuration.model.bus {
        case .serial: .serial(SerialByteStream(path: configuration.serialPath, baudRate: configuration.baudRate))
        case .i2c: .i2c(I2CBusDevice(bus: configuration.i2cBus, address: configuration.i2cAddress))
        }
    }

    /// A driver for `configuration`; `pins` are the SET/RESET lines resolved by the GPIO adapter, if wired.
    public static func makeDriver(
        configuration: SensorConfiguration, pins: SensorPins = SensorPins(), clock: any StationClock, logger: Logger
    ) throws(SensorDriverError) -> SensorDriver {
        try SensorDriver(
            model: configuration.model, link: link(for: configuration), settings: configuration.driver, pins: pins,
            clock: clock, logger: logger)
    }
}
