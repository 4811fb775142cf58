import Clocks
import FoundationEssentials
import SensorEmulation
import SensorRuntime
import Sensors

/// `demo --sensor-b MODEL`: a second emulated sensor on its own pseudo-terminal, read by its own driver as
/// `sensor_b`.
extension StationDemo {
    /// Starts channel B's emulator at `link` when the options ask for one; nil when they do not.
    /// - Throws: ``StationStartError`` when there is no emulator for the model or it cannot start.
    func startChannelB(link: String, clock: any StationClock, start: Date) throws(StationStartError)
        -> PseudoTerminalEmulator?
    {
        guard let model = options.sensorB else { return nil }
        guard
            let device = SensorEmulators.serialDevice(
                model, scenario: options.scenario.channelB(start: start, baseline: options.baseline),
                faults: EmulatorFaults(), start: start)
        else { throw StationStartError("no emulator for \(model.rawValue) (UART models only)") }
        let emulator = PseudoTerminalEmulator(device: device, link: link, clock: clock)
        do {
            _ = try emulator.start()
        } catch {
            throw StationStartError("cannot start the second emulated sensor: \(error)")
        }
        return emulator
    }

    /// Channel B's section: channel A's timing on the second link, with B's model; nil without `--sensor-b`.
    func channelBConfiguration(link: String, like sensor: SensorConfiguration?) -> SensorConfiguration? {
        guard let model = options.sensorB else { return nil }
        var channel = SensorConfiguration(model: model)
        channel.serialPath = link
        if let sensor {
            channel.driver = sensor.driver
        }
        return channel
    }
}
