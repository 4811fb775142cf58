/// An SPS30 I²C command: a 16-bit pointer sent MSB first without CRC, then argument words with CRC-8.
/// Reads are separate transactions after the write (the SPS30 does not support repeated start).
public enum SPS30Command: Sendable, Hashable {
    /// 0x0010: start measuring (idle mode only).
    case startMeasurement(SPS30MeasurementFormat)
    /// 0x0104: stop measuring, back to idle.
    case stopMeasurement
    /// 0x0202: is a new measurement ready (3-byte reply `00 flag crc`).
    case readDataReady
    /// 0x0300: the latest values (60 or 30 bytes); clears data-ready.
    case readMeasuredValues
    /// 0x1001: sleep (idle mode only, firmware 2.0+); I²C is off until woken.
    case sleep
    /// 0x1103: wake up (firmware 2.0+); the first may be NACKed, send it twice within 100 ms.
    case wakeUp
    /// 0x5607: clean the fan now (measurement mode only; about 10 s).
    case startFanCleaning
    /// 0x8004 read: the automatic fan-cleaning interval in seconds.
    case readAutoCleaningInterval
    /// 0x8004 write: set the automatic fan-cleaning interval in seconds (default 604800 = 1 week).
    case writeAutoCleaningInterval(seconds: UInt32)
    /// 0xD002: product type, ASCII "00080000" (12-byte reply).
    case readProductType
    /// 0xD033: serial number, ASCII, NUL-terminated (48-byte reply).
    case readSerialNumber
    /// 0xD100: firmware major and minor (3-byte reply).
    case readFirmwareVersion
    /// 0xD206: device status register (6-byte reply: a 32-bit word).
    case readDeviceStatus
    /// 0xD210: clear the device status register (firmware 2.0+).
    case clearDeviceStatus
    /// 0xD304: device reset.
    case reset

    /// The command pointer.
    public var pointer: UInt16 {
        switch self {
        case .startMeasurement: 0x0010
        case .stopMeasurement: 0x0104
        case .readDataReady: 0x0202
        case .readMeasuredValues: 0x0300
        case .sleep: 0x1001
        case .wakeUp: 0x1103
        case .startFanCleaning: 0x5607
        case .readAutoCleaningInterval, .writeAutoCleaningInterval: 0x8004
        case .readProductType: 0xD002
        case .readSerialNumber: 0xD033
        case .readFirmwareVersion: 0xD100
        case .readDeviceStatus: 0xD206
        case .clearDeviceStatus: 0xD210
        case .reset: 0xD304
        }
    }

    /// The argument words (sent with CRC).
    public var arguments: [UInt16] {
        switch self {
        case .startMeasurement(let format): [format.argument]
        case .writeAutoCleaningInterval(let seconds): [UInt16(seconds >> 16), UInt16(seconds & 0xFFFF)]
        default: []
        }
    }

    /// The bytes of the write transaction.
    public var bytes: [UInt8] {
        [UInt8(pointer >> 8), UInt8(pointer & 0xFF)] + SensirionWords.encode(arguments)
    }

    /// Bytes to read after the command (0 when it returns nothing); measured values depend on `format`.
    public func replyLength(format: SPS30MeasurementFormat = .float) -> Int {
        switch self {
        case .readDataReady, .readFirmwareVersion: 3
        case .readMeasuredValues: format.replyLength
        case .readAutoCleaningInterval, .readDeviceStatus: 6
        case .readProductType: 12
        case .readSerialNumber: 48
        default: 0
        }
    }

    /// How long the sensor needs before the next transfer (Sensirion's drivers: 20 ms around start, stop and
    /// writes, 100 ms after a reset, 5 ms otherwise).
    public var executionTime: Duration {
        switch self {
        case .startMeasurement, .stopMeasurement, .writeAutoCleaningInterval, .sleep, .wakeUp: .milliseconds(20)
        case .reset: .milliseconds(100)
        default: .milliseconds(5)
        }
    }

    /// The command a host wrote (emulator side); nil for an unknown pointer or bad argument CRC.
    public init?(bytes: [UInt8]) {
        guard bytes.count >= 2 else { return nil }
        let pointer = UInt16(bytes[0]) << 8 | UInt16(bytes[1])
        guard let arguments = try? SensirionWords.decode(bytes.dropFirst(2)) else { return nil }
        switch (pointer, arguments.count) {
        case (0x0010, 1):
            switch arguments[0] {
            case 0x0300: self = .startMeasurement(.float)
            case 0x0500: self = .startMeasurement(.integer)
            default: return nil
            }
        case (0x0104, 0): self = .stopMeasurement
        case (0x0202, 0): self = .readDataReady
        case (0x0300, 0): self = .readMeasuredValues
        case (0x1001, 0): self = .sleep
        case (0x1103, 0): self = .wakeUp
        case (0x5607, 0): self = .startFanCleaning
        case (0x8004, 0): self = .readAutoCleaningInterval
        case (0x8004, 2): self = .writeAutoCleaningInterval(seconds: UInt32(arguments[0]) << 16 | UInt32(arguments[1]))
        case (0xD002, 0): self = .readProductType
        case (0xD033, 0): self = .readSerialNumber
        case (0xD100, 0): self = .readFirmwareVersion
        case (0xD206, 0): self = .readDeviceStatus
        case (0xD210, 0): self = .clearDeviceStatus
        case (0xD304, 0): self = .reset
        default: return nil
        }
    }
}
