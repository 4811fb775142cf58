/// An SDS011 host command, without its target ID (see ``SDS011Request``).
public enum SDS011Command: Sendable, Hashable {
    /// 0x02, query: which reporting mode is set.
    case queryReportingMode
    /// 0x02, set: active or query reporting (persists).
    case setReportingMode(SDS011ReportingMode)
    /// 0x04: send one data frame now.
    case queryData
    /// 0x05: give the sensor a new ID.
    case setDeviceID(SDS011DeviceID)
    /// 0x06, query: sleeping or working.
    case queryWorkState
    /// 0x06, set: sleep or work.
    case setWorkState(SDS011WorkState)
    /// 0x07: firmware version.
    case queryFirmware
    /// 0x08, query: the working period.
    case queryWorkingPeriod
    /// 0x08, set: 0 = continuous, 1-30 = measure 30 s then sleep for the rest of that many minutes (persists).
    case setWorkingPeriod(minutes: UInt8)
    /// Another sub-command, with the 12 data bytes as sent.
    case other(subcommand: UInt8, data: [UInt8])

    /// The sub-command byte.
    public var subcommand: UInt8 {
        switch self {
        case .queryReportingMode, .setReportingMode: 0x02
        case .queryData: 0x04
        case .setDeviceID: 0x05
        case .queryWorkState, .setWorkState: 0x06
        case .queryFirmware: 0x07
        case .queryWorkingPeriod, .setWorkingPeriod: 0x08
        case .other(let subcommand, _): subcommand
        }
    }

    /// Frame bytes 3..14 (12 data bytes).
    public var data: [UInt8] {
        var data = [UInt8](repeating: 0, count: 12)
        switch self {
        case .setReportingMode(let mode):
            data[0] = 1
            data[1] = mode.rawValue
        case .setWorkState(let state):
            data[0] = 1
            data[1] = state.rawValue
        case .setWorkingPeriod(let minutes):
            data[0] = 1
            data[1] = minutes
        case .setDeviceID(let id):
            data[10] = id.high
            data[11] = id.low
        case .other(_, let given):
            for (index, byte) in given.prefix(12).enumerated() { data[index] = byte }
        case .queryReportingMode, .queryData, .queryWorkState, .queryFirmware, .queryWorkingPeriod:
            break
        }
        return data
    }

    /// The command from its sub-command and 12 data bytes.
    public init(subcommand: UInt8, data: [UInt8]) {
        let data = data + [UInt8](repeating: 0, count: max(0, 12 - data.count))
        let isSet = data[0] == 1
        switch subcommand {
        case 0x02 where isSet:
            self =
                SDS011ReportingMode(rawValue: data[1]).map { .setReportingMode($0) }
                ?? .other(subcommand: 2, data: data)
        case 0x02: self = .queryReportingMode
        case 0x04: self = .queryData
        case 0x05: self = .setDeviceID(SDS011DeviceID(data[10], data[11]))
        case 0x06 where isSet:
            self = SDS011WorkState(rawValue: data[1]).map { .setWorkState($0) } ?? .other(subcommand: 6, data: data)
        case 0x06: self = .queryWorkState
        case 0x07: self = .queryFirmware
        case 0x08 where isSet: self = .setWorkingPeriod(minutes: data[1])
        case 0x08: self = .queryWorkingPeriod
        default: self = .other(subcommand: subcommand, data: Array(data.prefix(12)))
        }
    }

    /// What it asks, as worded in the shared vectors (`0x06 set sleep`, `0x08 set working period 0 = continuous`).
    public var name: String {
        let code = Hex.byte(subcommand)
        switch self {
        case .queryReportingMode: return "\(code) query reporting mode"
        case .setReportingMode(let mode): return "\(code) set reporting mode \(mode.rawValue) = \(mode.text)"
        case .queryData: return "\(code) query data"
        case .setDeviceID(let id): return "\(code) set device id \(id)"
        case .queryWorkState: return "\(code) query sleep-or-work"
        case .setWorkState(let state): return "\(code) set \(state.text)"
        case .queryFirmware: return "\(code) firmware version"
        case .queryWorkingPeriod: return "\(code) query working period"
        case .setWorkingPeriod(let minutes):
            return "\(code) set working period \(minutes)" + (minutes == 0 ? " = continuous" : " min")
        case .other: return "\(code) unknown command"
        }
    }
}

/// An SDS011 command addressed to one sensor (or all): the 19-byte frame
/// `AA B4 SUB d3..d14 ID1 ID2 CS AB`, CS = low 8 bits of the sum of bytes 2..16.
public struct SDS011Request: Sendable, Hashable {
    /// What is asked.
    public let command: SDS011Command
    /// Which sensor answers (``SDS011DeviceID/broadcast`` for any).
    public let target: SDS011DeviceID

    /// A request.
    public init(_ command: SDS011Command, target: SDS011DeviceID = .broadcast) {
        self.command = command
        self.target = target
    }

    /// The 19 bytes on the wire.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = [0xAA, 0xB4, command.subcommand] + command.data + target.bytes
        bytes.append(ByteReader(bytes).sum8(2..<17))
        bytes.append(0xAB)
        return bytes
    }

    /// `0x06 set sleep (broadcast)` / `0x06 set sleep (id a1 60)`.
    public var name: String {
        command.name + (target == .broadcast ? " (broadcast)" : " (id \(target))")
    }
}
