import Clocks
import Diagnostics

/// The SPS30 over I²C: firmware and status at setup, start measurement (floats), then per reading poll
/// data-ready every 100 ms and read the values. Each command is a write, the command's execution time, and a
/// separate read. NACKs and CRC errors are retried up to the configured attempts.
final class SPS30Session: SensorSession {
    private let device: any I2CDevice
    private let settings: DriverSettings
    private let clock: any StationClock
    private let logger: Logger
    private var statistics = DecoderStatistics()
    /// Read at setup; sleep and wake need 2.0 or later.
    private(set) var firmware: SPS30FirmwareVersion?

    init(device: any I2CDevice, settings: DriverSettings, clock: any StationClock, logger: Logger) {
        self.device = device
        self.settings = settings
        self.clock = clock
        self.logger = logger
    }

    var decoderStatistics: DecoderStatistics { statistics }
    var canSleepByCommand: Bool { true }
    var canResetByCommand: Bool { true }

    /// Writes `command`, waits its execution time, and reads its reply (CRC-checked), with retries.
    @discardableResult
    func execute(_ command: SPS30Command) async throws(SessionFailure) -> [UInt8] {
        let length = command.replyLength(format: .float)
        var failure = SessionFailure.noResponse("no reply to SPS30 command \(Hex.word(command.pointer))")
        let attempts = max(1, settings.i2cAttempts)
        for attempt in 0..<attempts {
            if attempt > 0 { try? await clock.sleep(for: .milliseconds(10)) }
            // Counted as a retry only when another attempt follows.
            let retries = attempt + 1 < attempts
            do {
                try await device.write(command.bytes)
                try? await clock.sleep(for: command.executionTime)
                guard length > 0 else { return [] }
                let reply = try await device.read(count: length)
                statistics.bytesReceived += reply.count
                do {
                    _ = try SensirionWords.decode(reply)
                    statistics.frames += 1
                    statistics.bytesInFrames += reply.count
                    return reply
                } catch {
                    statistics.checksumErrors += 1
                    statistics.bytesSkipped += reply.count
                    if retries { statistics.crcRetries += 1 }
                    failure = .noResponse("SPS30 reply to \(Hex.word(command.pointer)): \(error)")
                }
            } catch {
                guard case .noAcknowledge = error else { throw .transport(error) }
                failure = .transport(error)
                if retries { statistics.nackRetries += 1 }
            }
        }
        throw failure
    }

    func setUp() async throws(SessionFailure) {
        let version = try await execute(.readFirmwareVersion)
        firmware = try? SPS30FirmwareVersion.decode(version)
        if let status = try? SPS30DeviceStatus.decode(try await execute(.readDeviceStatus)), !status.problems.isEmpty {
            logger.warning("SPS30 status register: \(status.problems.joined(separator: ", "))")
        }
        do {
            try await execute(.startMeasurement(.float))
        } catch {
            // Already measuring (start is refused outside idle mode): stop, then start in the format we read.
            try await execute(.stopMeasurement)
            try await execute(.startMeasurement(.float))
        }
    }

    func fetch() async throws(SessionFailure) -> FetchOutcome {
        let deadline = clock.now.adding(settings.responseTimeout)
        while true {
            let ready = try await execute(.readDataReady)
            if (try? SPS30Replies.dataReady(ready)) == true {
                let reply = try await execute(.readMeasuredValues)
                do {
                    let measurement = try SPS30Measurement.decode(reply, format: .float)
                    return .reading(measurement.measurement, measurement.plausibility)
                } catch {
                    return .nothing("SPS30 values: \(error)")
                }
            }
            if clock.now >= deadline { break }
            do {
                try await clock.sleep(for: .milliseconds(100))
            } catch {
                return .nothing("cancelled")
            }
        }
        let seconds = PlausibilityRules.format(settings.responseTimeout.timeInterval)
        return .nothing("no new SPS30 measurement within \(seconds) s (data-ready never set)")
    }

    func sleep() async throws(SessionFailure) {
        try await execute(.stopMeasurement)
        if firmware?.hasSleepAndIntegerFormat == true { try await execute(.sleep) }
    }

    func wake() async throws(SessionFailure) {
        if firmware?.hasSleepAndIntegerFormat == true {
            // The first wake-up only re-enables the interface and may be NACKed; the second must follow in 100 ms.
            try? await device.write(SPS30Command.wakeUp.bytes)
            try await execute(.wakeUp)
        }
        try await execute(.startMeasurement(.float))
    }

    func resync() async throws(SessionFailure) {}

    func resetByCommand() async throws(SessionFailure) {
        try await execute(.reset)
    }
}
