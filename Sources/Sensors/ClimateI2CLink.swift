public import Clocks

/// One climate sensor's I²C transfers with the station's retry rules (as the SPS30 and PMSA003I sessions):
/// a NACKed transfer and a reply that fails its check are tried again, up to `attempts` in all, each retry
/// counted by kind; a transfer that fails every attempt is reported to the driver.
public struct ClimateI2CLink: Sendable {
    /// A decoder that checks only the reply's length: for registers without a CRC (the BME280's).
    public static func exactly(_ count: Int, _ what: String) -> @Sendable ([UInt8]) throws(ClimateCodecError) -> [UInt8] {
        { (bytes) throws(ClimateCodecError) in
            guard bytes.count == count else { throw .wrongLength(what: what, expected: count, got: bytes.count) }
            return bytes
        }
    }

    /// The device at the sensor's address.
    public let device: any I2CDevice
    /// The clock that times conversions and retry pauses.
    public let clock: any StationClock
    /// Attempts per transfer (at least 1).
    public let attempts: Int
    /// Transfers, retries and check failures so far.
    public private(set) var statistics = DecoderStatistics()

    /// A link over `device`.
    public init(device: any I2CDevice, clock: any StationClock, attempts: Int = 3) {
        self.device = device
        self.clock = clock
        self.attempts = max(1, attempts)
    }

    /// Why a transfer failed every attempt.
    public enum Failure: Error, Sendable, Hashable {
        /// The last attempt was not acknowledged (nothing at the address, or the chip is hung).
        case noAcknowledge(String)
        /// Another transport error (not retried).
        case transport(TransportError)
        /// The reply arrived but failed its check every time.
        case invalid(ClimateCodecError)
    }

    /// Writes `command`, waits `wait`, reads `count` bytes and decodes them with `decode`, with retries.
    public mutating func transfer<Value>(
        _ command: [UInt8], wait: Duration, read count: Int,
        decode: ([UInt8]) throws(ClimateCodecError) -> Value
    ) async throws(Failure) -> Value {
        var failure = Failure.noAcknowledge(device.name)
        for attempt in 0..<attempts {
            if attempt > 0 { try? await clock.sleep(for: .milliseconds(10)) }
            // Counted as a retry only when another attempt follows.
            let retries = attempt + 1 < attempts
            do {
                if !command.isEmpty { try await device.write(command) }
                if wait > .zero { try? await clock.sleep(for: wait) }
                let reply = try await device.read(count: count)
                statistics.bytesReceived += reply.count
                do {
                    let value = try decode(reply)
                    statistics.frames += 1
                    statistics.bytesInFrames += reply.count
                    return value
                } catch {
                    statistics.checksumErrors += 1
                    statistics.bytesSkipped += reply.count
                    if retries { statistics.crcRetries += 1 }
                    failure = .invalid(error)
                }
            } catch {
                guard case .noAcknowledge(let what) = error else { throw .transport(error) }
                failure = .noAcknowledge(what)
                if retries { statistics.nackRetries += 1 }
            }
        }
        throw failure
    }

    /// Writes `bytes` (register writes, commands without a reply), retrying NACKs.
    public mutating func write(_ bytes: [UInt8]) async throws(Failure) {
        var last = TransportError.noAcknowledge(device.name)
        for attempt in 0..<attempts {
            if attempt > 0 { try? await clock.sleep(for: .milliseconds(10)) }
            do {
                try await device.write(bytes)
                return
            } catch {
                guard case .noAcknowledge = error else { throw .transport(error) }
                last = error
                if attempt + 1 < attempts { statistics.nackRetries += 1 }
            }
        }
        throw .noAcknowledge(last.description)
    }
}
