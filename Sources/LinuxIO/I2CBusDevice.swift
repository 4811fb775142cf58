public import Sensors

/// One device on an i2c-dev bus as a ``Sensors/I2CDevice``: every transfer runs on the device's own queue,
/// off the Swift cooperative pool. Transfers are plain write()/read(). On an adapter without plain I²C
/// (SMBus only: i2c-stub, some controllers) writes go out as the SMBus transfer with the same bytes on the
/// wire, and reads of up to 32 bytes as an SMBus I2C block read from the register the last one-byte write
/// pointed at (register-addressed chips: the BME280), else register 0 (the PMSA003I); not for the SPS30.
public final class I2CBusDevice: I2CDevice, @unchecked Sendable {
    public let name: String
    /// N of `/dev/i2c-N`.
    public let bus: Int
    /// The 7-bit address.
    public let address: UInt8
    private let queue: WorkerThread
    /// Touched only on `queue` (hence `@unchecked Sendable`).
    private var handle: I2CBus?
    /// The register a one-byte write selected, for SMBus-only adapters; touched only on `queue`.
    private var pointer: UInt8?

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
            guard handle.supportsPlainTransfers else {
                try handle.writeSMBus(bytes)
                self.pointer = bytes.count == 1 ? bytes.first : nil
                return
            }
            try handle.write(bytes)
        }
    }

    public func read(count: Int) async throws(TransportError) -> [UInt8] {
        try await queue.run { () throws(TransportError) -> [UInt8] in
            guard let handle = self.handle else { throw .notOpen(self.name) }
            if handle.supportsPlainTransfers || count > 32 || !handle.supportsBlockRead {
                return try handle.read(count: count)
            }
            return try handle.readBlock(register: self.pointer ?? 0, count: count)
        }
    }
}
