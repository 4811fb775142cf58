/// A 7-byte Plantower host command: `42 4D CMD DATAH DATAL LRCH LRCL`, LRC = 16-bit sum of the first 5 bytes.
public enum PlantowerCommand: Sendable, Hashable {
    /// 0xE2: read one frame in passive mode (answered by a data frame within 1 s).
    case readPassive
    /// 0xE1: passive (data 0) or active (data 1) mode; acknowledged.
    case setMode(PlantowerMode)
    /// 0xE4 data 0: sleep (fan stops); acknowledged.
    case sleep
    /// 0xE4 data 1: wake up; not acknowledged, frames resume and are stable after about 30 s.
    case wake
    /// A well-formed command with another code or data.
    case other(code: UInt8, data: UInt16)

    /// The command from its code and data word.
    public init(code: UInt8, data: UInt16) {
        switch (code, data) {
        case (0xE2, _): self = .readPassive
        case (0xE1, 0): self = .setMode(.passive)
        case (0xE1, 1): self = .setMode(.active)
        case (0xE4, 0): self = .sleep
        case (0xE4, 1): self = .wake
        default: self = .other(code: code, data: data)
        }
    }

    /// The command byte.
    public var code: UInt8 {
        switch self {
        case .readPassive: 0xE2
        case .setMode: 0xE1
        case .sleep, .wake: 0xE4
        case .other(let code, _): code
        }
    }

    /// The data word.
    public var data: UInt16 {
        switch self {
        case .readPassive, .sleep, .setMode(.passive): 0
        case .wake, .setMode(.active): 1
        case .other(_, let data): data
        }
    }

    /// The 7 bytes on the wire.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = [0x42, 0x4D, code, UInt8(data >> 8), UInt8(data & 0xFF)]
        let lrc = ByteReader(bytes).sum16(0..<5)
        bytes += [UInt8(lrc >> 8), UInt8(lrc & 0xFF)]
        return bytes
    }

    /// The acknowledgement the sensor sends, if it sends one.
    public var acknowledgement: PlantowerAcknowledgement? {
        switch self {
        case .setMode, .sleep: PlantowerAcknowledgement(command: code, data: UInt8(data & 0xFF))
        case .readPassive, .wake, .other: nil
        }
    }

    /// What it is, as named in the shared vectors (`read_passive (0xE2)`, `sleep (0xE4 data 0)` ...).
    public var name: String {
        switch self {
        case .readPassive: "read_passive (0xE2)"
        case .setMode(.passive): "set_passive_mode (0xE1 data 0)"
        case .setMode(.active): "set_active_mode (0xE1 data 1)"
        case .sleep: "sleep (0xE4 data 0)"
        case .wake: "wakeup (0xE4 data 1)"
        case .other(let code, let data): "command \(Hex.byte(code)) data \(Hex.word(data))"
        }
    }

    /// What the sensor answers, in words.
    public var expectedReply: String {
        switch self {
        case .readPassive: "32-byte data frame"
        case .setMode(.passive), .sleep: "ack " + Hex.string(acknowledgement?.bytes ?? [])
        case .setMode(.active): "ack " + Hex.string(acknowledgement?.bytes ?? []) + " then data frames"
        case .wake: "no ack; data frames resume (stable after ~30 s)"
        case .other: "unknown"
        }
    }
}
