public import Sensors

/// One device on an i2c-dev bus as a ``Sensors/I2CDevice``: every transfer runs on the device's own queue,
/// off the Swift cooperative pool. Reads use plain read(); on an adapter without plain I²C, reads of up to 32
/// bytes fall back to an SMBus I2C block read from register 0 (enough for the PMSA003I, not for the SPS30).
public final class I2CBusDevice: I2CDevice, @unchecked Sendable {
    public let name: String
    /// N of `/dev/i2c-N`.
    public let bus: Int
    /// The 7-bit address.
    public let address: UInt8
    private let queue: WorkerThread
    /// Touched only on `queue` (hence `@unchecked Sendable`).
    private var handle: I2CBus?

    /// A device at `address` on `/dev/i2c-<bus>`; nothing is opened until ``open()``.
    public init(bus: Int, address: UInt8) {
        self.bus = bus
        self.address = address
        name = "/dev/i2c-\(bus) address \(Hex.byte(address))"
        queue = WorkerThread(name: "i2c-\(bus)")
    }

    public func open() async throws(TransportError) {
        try await queue.run { () throws(TransportError) in
            self.handle?.close()
            self.handle = nil
            let handle = try I2CBus(bus: self.bus)
            try handle.select(address: self.address)
            self.handle = handle
        }
    }

    public func close() async {
        await queue.run { () -> Void in
            self.handle?.close()
            self.handle = nil
        }
    }

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        try await queue.run { () throws(TransportError) in
            guard let handle = self.handle else { throw .notOpen(self.name) }
            try handle.write(bytes)
        }
    }

    public func read(count: Int) async throws(TransportError) -> [UInt8] {
        try await queue.run { () throws(TransportError) -> [UInt8] in
            guard let handle = self.handle else { throw .notOpen(self.name) }
            if handle.supportsPlainTransfers || count > 32 || !handle.supportsBlockRead {
                return try handle.read(count: count)
            }
            return try handle.readBlock(register: 0, count: count)
        }
    }
}
