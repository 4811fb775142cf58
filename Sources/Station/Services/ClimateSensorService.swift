public import Clocks
public import Diagnostics
import FoundationEssentials
public import Lifecycle
public import Sensors
import StationSnapshot

/// The `climate` sensor's loop: one reading every `climate.interval_s` through ``Sensors/ClimateSensorDriver``,
/// the temperature offset applied, handed to the pipeline (the climate block, the EPA correction's first
/// humidity source). The I²C transfers run on the device's own thread (``LinuxIO/I2CBusDevice``), never on
/// the cooperative pool; a missing or failing sensor only ages its reading out, and the pipeline falls back to
/// the next humidity source without waiting for it.
public struct ClimateSensorService: Service {
    public let name = "climate-sensor"
    private let configuration: ClimateConfiguration
    private let makeDevice: @Sendable () -> any I2CDevice
    private let clock: any StationClock
    private let pipeline: StationPipeline
    private let publisher: StationPublisher
    private let logger: Logger

    /// A loop reading the sensor of `configuration` on the devices `makeDevice` builds (one per run).
    public init(
        configuration: ClimateConfiguration, makeDevice: @escaping @Sendable () -> any I2CDevice,
        clock: any StationClock, pipeline: StationPipeline, publisher: StationPublisher, logger: Logger
    ) {
        self.configuration = configuration
        self.makeDevice = makeDevice
        self.clock = clock
        self.pipeline = pipeline
        self.publisher = publisher
        self.logger = logger
    }

    public func run() async throws {
        let driver = ClimateSensorDriver(model: configuration.model, device: makeDevice(), clock: clock)
        var reported: SensorHealth.State?
        while !Task.isCancelled {
            if let measurement = await driver.sample() {
                let adjusted = configuration.adjusted(measurement)
                pipeline.record(
                    climate: ClimateReading(
                        temperature: adjusted.temperature, relativeHumidity: adjusted.relativeHumidity,
                        pressure: adjusted.pressure, source: .climate, model: configuration.model.rawValue,
                        time: adjusted.time))
                publisher.refresh()
            }
            let health = driver.health
            if health.state != reported {
                let level: LogLevel = health.state == .ok ? .notice : .warning
                logger.log(
                    level, "\(configuration.model.displayName) on \(configuration.i2cDevicePath): \(health.state.rawValue)"
                        + (health.reason.map { " (\($0))" } ?? ""))
                reported = health.state
            }
            do {
                try await clock.sleep(for: configuration.interval)
            } catch {
                break
            }
        }
        await driver.close()
    }
}
