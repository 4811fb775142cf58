public import Clocks
import FoundationEssentials

/// Reads one temperature/humidity sensor over I²C (any ``I2CDevice``: i2c-dev on a board, an emulator in
/// tests) and keeps its health.
///
/// Each ``sample()`` opens the device if needed, identifies it once (BME280: chip id and the calibration, read
/// once; SHT3x: status register; SHT4x: serial number), then triggers one measurement and reads it. Health:
/// `ok` after a good reading; `absent` when the device cannot be opened or nothing acknowledges (the device is
/// then closed and reopened on the next sample); `stale` after a failed or implausible reading, and `fault`
/// after ``faultAfter`` of them in a row.
///
/// Like the PM sensor sessions, a driver is used by one task at a time (the task that polls the sensor), so
/// it is a plain class: its transfers suspend, and no lock may be held across them.
public final class ClimateSensorDriver {
    /// The sensor read.
    public let model: ClimateSensorModel
    /// Consecutive failed readings (CRC failures on every attempt, implausible values) that make a fault.
    public let faultAfter: Int
    /// The sensor's health now.
    public private(set) var health: SensorHealth
    /// What identified the sensor (chip id, serial number, status), once read.
    public internal(set) var identity: [String: String] = [:]
    var link: ClimateI2CLink
    var calibration: BME280Calibration?
    private var opened = false
    private var identified = false
    private var failures = 0

    /// A driver of `model` on `device`; `attempts` per transfer (the station's `i2c_attempts`, 3 by default).
    public init(
        model: ClimateSensorModel, device: any I2CDevice, clock: any StationClock, attempts: Int = 3,
        faultAfter: Int = 3
    ) {
        self.model = model
        self.faultAfter = max(1, faultAfter)
        link = ClimateI2CLink(device: device, clock: clock, attempts: attempts)
        health = SensorHealth(state: .stale, reason: "not read yet", since: clock.now, lastGoodSample: nil)
    }

    /// Transfers, retries by kind (`nackRetries`, `crcRetries`) and check failures so far.
    public var statistics: DecoderStatistics { link.statistics }

    /// Takes one reading; nil when none could be taken (``health`` says why).
    public func sample() async -> ClimateMeasurement? {
        let now = link.clock.now
        if !opened {
            do {
                try await link.device.open()
                opened = true
            } catch {
                setHealth(.absent, "\(error)", at: now)
                return nil
            }
        }
        do {
            if !identified {
                try await identify()
                identified = true
            }
            let values = try await measure()
            if let problem = model.implausibility(
                temperature: values.temperature, relativeHumidity: values.relativeHumidity, pressure: values.pressure)
            {
                fail(problem, at: now)
                return nil
            }
            failures = 0
            let time = link.clock.now
            health = SensorHealth(
                state: .ok, reason: nil, since: health.state == .ok ? health.since : time, lastGoodSample: time)
            return ClimateMeasurement(
                time: time, model: model, temperature: values.temperature,
                relativeHumidity: values.relativeHumidity, pressure: values.pressure)
        } catch {
            switch error {
            case .noAcknowledge(let what), .transport(.notFound(let what)), .transport(.disconnected(let what)):
                await link.device.close()
                opened = false
                identified = false
                setHealth(.absent, "nothing acknowledges: \(what)", at: now)
            case .transport(let transport):
                fail("\(transport)", at: now)
            case .invalid(let codec):
                fail(codec.description, at: now)
            }
            return nil
        }
    }

    /// Closes the device.
    public func close() async {
        if opened { await link.device.close() }
        opened = false
        identified = false
    }

    private func fail(_ reason: String, at now: Date) {
        failures += 1
        setHealth(failures >= faultAfter ? .fault : .stale, reason, at: now)
    }

    private func setHealth(_ state: SensorHealth.State, _ reason: String, at now: Date) {
        health = SensorHealth(
            state: state, reason: reason, since: health.state == state ? health.since : now,
            lastGoodSample: health.lastGoodSample)
    }
}
