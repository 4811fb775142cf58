import Clocks

/// The PMSA003I over I²C: a plain 32-byte read returns the Plantower frame. It takes no commands (sleep is the
/// SET pin's job). A checksum error is read again once, as occasional ones are normal (ESPEasy users see about
/// one every 30 s); NACKs are retried up to the configured attempts.
final class PMSA003ISession: SensorSession {
    private let device: any I2CDevice
    private let attempts: Int
    private let clock: any StationClock
    private var statistics = DecoderStatistics()

    init(device: any I2CDevice, settings: DriverSettings, clock: any StationClock) {
        self.device = device
        attempts = max(1, settings.i2cAttempts)
        self.clock = clock
    }

    var decoderStatistics: DecoderStatistics { statistics }
    var canSleepByCommand: Bool { false }

    func setUp() async throws(SessionFailure) {}

    private func readFrame() async throws(SessionFailure) -> [UInt8] {
        var lastError = TransportError.noAcknowledge(device.name)
        for attempt in 0..<attempts {
            do {
                let bytes = try await device.read(count: 32)
                statistics.bytesReceived += bytes.count
                return bytes
            } catch {
                lastError = error
                guard case .noAcknowledge = error else { throw .transport(error) }
                if attempt + 1 < attempts {
                    statistics.nackRetries += 1
                    try? await clock.sleep(for: .milliseconds(10))
                }
            }
        }
        throw .transport(lastError)
    }

    func fetch() async throws(SessionFailure) -> FetchOutcome {
        var problem = ""
        for read in 0..<2 {
            let bytes = try await readFrame()
            if let frame = PlantowerFrame(validating: bytes, variant: .standard) {
                statistics.frames += 1
                statistics.bytesInFrames += bytes.count
                return .reading(frame.measurement, frame.plausibility)
            }
            statistics.bytesSkipped += bytes.count
            statistics.resyncs += 1
            if let frame = PlantowerFrame(unchecked: bytes, variant: .standard) {
                statistics.checksumErrors += 1
                if read == 0 { statistics.crcRetries += 1 }
                problem =
                    "checksum mismatch: computed \(Hex.word(frame.computedChecksum)), "
                    + "frame says \(Hex.word(frame.sentChecksum))"
            } else {
                statistics.malformedFrames += 1
                problem = "the 32 bytes read are not a frame (start \(Hex.string(bytes.prefix(4))))"
            }
        }
        return .nothing("no valid frame in two reads: \(problem)")
    }

    func sleep() async throws(SessionFailure) {}
    func wake() async throws(SessionFailure) {}
    func resync() async throws(SessionFailure) {}
}
