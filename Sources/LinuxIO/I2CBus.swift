import CI2C
import POSIX
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
public import Sensors

/// An i2c-dev bus (`/dev/i2c-N`): address select, plain read()/write() transactions (each one complete,
/// START..STOP, as the SPS30 needs), and libi2c's SMBus "I2C block read" for adapters without plain I²C
/// (i2c-stub, some SMBus controllers).
///
/// Calls block for the length of a bus transaction: use it from a dedicated queue (``I2CBusDevice`` does).
/// Not thread-safe.
public final class I2CBus {
    /// `/dev/i2c-N`.
    public let path: String
    private var descriptor: Int32
    /// The adapter's I2C_FUNCS bits.
    public let functions: UInt

    /// Opens `/dev/i2c-<bus>`.
    public init(bus: Int) throws(TransportError) {
        let path = "/dev/i2c-\(bus)"
        self.path = path
        do {
            descriptor = try SystemCall.run("open(\(path))") { open(path, O_RDWR | O_CLOEXEC) }
        } catch {
            throw TransportError(error, device: path, i2c: true)
        }
        var bits: UInt = 0
        if breeze_i2c_functions(descriptor, &bits) < 0 { bits = 0 }
        functions = bits
    }

    deinit {
        close()
    }

    /// Closes the bus; harmless when closed.
    public func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// Whether the adapter does plain I²C transfers.
    public var supportsPlainTransfers: Bool { breeze_i2c_supports_plain_i2c(functions) != 0 }
    /// Whether the adapter does SMBus I2C block reads.
    public var supportsBlockRead: Bool { breeze_i2c_supports_block_read(functions) != 0 }

    /// Addresses `address` (7-bit) with the following transfers. Fails `busy` when a kernel driver is bound to
    /// it (unbind it rather than forcing).
    public func select(address: UInt8) throws(TransportError) {
        do {
            try SystemCall.run("ioctl(\(path), I2C_SLAVE \(Hex.byte(address)))") {
                breeze_i2c_select_address(descriptor, Int32(address))
            }
        } catch {
            throw TransportError(error, device: path, i2c: true)
        }
    }

    /// One write transaction.
    public func write(_ bytes: [UInt8]) throws(TransportError) {
        let written: Int
        do {
            written = try SystemCall.run("write(\(path))") {
                bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            }
        } catch {
            throw TransportError(error, device: path, i2c: true)
        }
        guard written == bytes.count else { throw .noAcknowledge("\(path): wrote \(written) of \(bytes.count) bytes") }
    }

    /// One read transaction of `count` bytes.
    public func read(count: Int) throws(TransportError) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        let received: Int
        do {
            received = try SystemCall.run("read(\(path))") {
                buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            }
        } catch {
            throw TransportError(error, device: path, i2c: true)
        }
        guard received == count else { throw .noAcknowledge("\(path): read \(received) of \(count) bytes") }
        return buffer
    }

    /// A write of 1 to 33 bytes as the SMBus transfer that puts the same bytes on the wire: "send byte" (1),
    /// "write byte data" (2), "I2C block write" (3-33), for adapters without plain I²C (i2c-stub, some
    /// SMBus-only controllers).
    public func writeSMBus(_ bytes: [UInt8]) throws(TransportError) {
        guard let first = bytes.first, bytes.count <= 33 else {
            throw .unsupported("\(path): SMBus writes are 1 to 33 bytes, not \(bytes.count)")
        }
        let result: Int32
        switch bytes.count {
        case 1: result = i2c_smbus_write_byte(descriptor, first)
        case 2: result = i2c_smbus_write_byte_data(descriptor, first, bytes[1])
        default:
            let rest = Array(bytes.dropFirst())
            result = rest.withUnsafeBufferPointer {
                i2c_smbus_write_i2c_block_data(descriptor, first, UInt8($0.count), $0.baseAddress)
            }
        }
        if result < 0 {
            throw TransportError(SystemError(call: "i2c_smbus_write(\(path))", code: -result), device: path, i2c: true)
        }
    }

    /// SMBus "I2C block read": register byte `register`, repeated start, `count` (at most 32) bytes.
    public func readBlock(register: UInt8, count: Int) throws(TransportError) -> [UInt8] {
        guard count <= 32 else { throw .unsupported("\(path): SMBus block reads are at most 32 bytes") }
        var buffer = [UInt8](repeating: 0, count: 32)
        let received = buffer.withUnsafeMutableBufferPointer {
            i2c_smbus_read_i2c_block_data(descriptor, register, UInt8(count), $0.baseAddress)
        }
        if received < 0 {
            throw TransportError(
                SystemError(call: "i2c_smbus_read_i2c_block_data(\(path))", code: -received), device: path, i2c: true)
        }
        guard Int(received) == count else {
            throw .noAcknowledge("\(path): block read gave \(received) of \(count) bytes")
        }
        return Array(buffer.prefix(count))
    }
}
