/// A Honeywell HPMA115 host command: `68 LEN CMD [data] CS`, CS = (65536 - sum of the bytes before) mod 256.
/// Every command except "read" is answered by `A5 A5` (ACK) or `96 96` (NACK).
public enum HoneywellCommand: Sendable, Hashable {
    /// 0x04: read particle measuring results (answered by a `40 ..` reading).
    case readMeasurement
    /// 0x01: start particle measurement (fan and laser on).
    case startMeasurement
    /// 0x02: stop particle measurement (fan and laser off).
    case stopMeasurement
    /// 0x40: enable auto-send (the power-up default: a 32-byte frame every second).
    case enableAutoSend
    /// 0x20: stop auto-send.
    case disableAutoSend
    /// 0x08: set the customer adjustment coefficient (30-200 %).
    case setAdjustmentCoefficient(UInt8)
    /// 0x10: read the customer adjustment coefficient (answered by `40 02 10 COEF CS`).
    case readAdjustmentCoefficient

    /// The command byte.
    public var code: UInt8 {
        switch self {
        case .readMeasurement: 0x04
        case .startMeasurement: 0x01
        case .stopMeasurement: 0x02
        case .enableAutoSend: 0x40
        case .disableAutoSend: 0x20
        case .setAdjustmentCoefficient: 0x08
        case .readAdjustmentCoefficient: 0x10
        }
    }

    /// The command from its byte and data; nil for a command this codec does not know.
    public init?(code: UInt8, data: [UInt8]) {
        switch (code, data.count) {
        case (0x04, 0): self = .readMeasurement
        case (0x01, 0): self = .startMeasurement
        case (0x02, 0): self = .stopMeasurement
        case (0x40, 0): self = .enableAutoSend
        case (0x20, 0): self = .disableAutoSend
        case (0x10, 0): self = .readAdjustmentCoefficient
        case (0x08, 1): self = .setAdjustmentCoefficient(data[0])
        default: return nil
        }
    }

    /// The bytes on the wire.
    public var bytes: [UInt8] {
        var data: [UInt8] = []
        if case .setAdjustmentCoefficient(let value) = self { data = [value] }
        return HoneywellCodec.frame(start: 0x68, command: code, data: data)
    }

    /// Whether the sensor answers with `A5 A5` / `96 96` rather than data.
    public var isAcknowledged: Bool {
        switch self {
        case .readMeasurement, .readAdjustmentCoefficient: false
        default: true
        }
    }

    /// What it does, in the datasheet's words.
    public var name: String {
        switch self {
        case .readMeasurement: "read particle measuring results"
        case .startMeasurement: "start particle measurement"
        case .stopMeasurement: "stop particle measurement"
        case .enableAutoSend: "enable auto send"
        case .disableAutoSend: "stop auto send"
        case .setAdjustmentCoefficient(let value): "set customer adjustment coefficient \(value)"
        case .readAdjustmentCoefficient: "read customer adjustment coefficient"
        }
    }
}
