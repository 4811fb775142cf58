/// An SDS011 reply to a command (`AA C5 SUB d2 d3 d4 ID1 ID2 CS AB`). In active mode replies arrive late and
/// interleave with data frames: match them on ``subcommand``, never assume the next frame is the reply.
public struct SDS011Reply: Sendable, Hashable {
    /// The sub-command answered (frame byte 2).
    public let subcommand: UInt8
    /// Frame bytes 3, 4 and 5.
    public let values: [UInt8]
    /// The answering sensor's ID (for 0x05, the new ID).
    public let deviceID: SDS011DeviceID

    /// A reply.
    public init(subcommand: UInt8, values: [UInt8], deviceID: SDS011DeviceID) {
        self.subcommand = subcommand
        self.values = Array((values + [0, 0, 0]).prefix(3))
        self.deviceID = deviceID
    }

    /// The 10 bytes on the wire.
    public var bytes: [UInt8] { SDS011Codec.frame(type: 0xC5, payload: [subcommand] + values + deviceID.bytes) }

    private var isSet: Bool { values[0] == 1 }

    /// What it answers, as worded in the shared vectors (`0x02 reporting mode, query`, `0x07 firmware version`).
    public var replyTo: String {
        let code = Hex.byte(subcommand)
        let access = isSet ? "set" : "query"
        switch subcommand {
        case 0x02: return "\(code) reporting mode, \(access)"
        case 0x05: return "\(code) set device id"
        case 0x06: return "\(code) sleep-or-work, \(access)"
        case 0x07: return "\(code) firmware version"
        case 0x08: return "\(code) working period, \(access)"
        default: return "\(code) unknown command"
        }
    }

    /// For 0x02: the reporting mode.
    public var reportingMode: SDS011ReportingMode? {
        subcommand == 0x02 ? SDS011ReportingMode(rawValue: values[1]) : nil
    }

    /// For 0x06: sleeping or working.
    public var workState: SDS011WorkState? { subcommand == 0x06 ? SDS011WorkState(rawValue: values[1]) : nil }

    /// For 0x08: the working period in minutes (0 = continuous).
    public var workingPeriodMinutes: Int? { subcommand == 0x08 ? Int(values[1]) : nil }

    /// For 0x07: the firmware date as `YY-MM-DD` (`16-11-21`).
    public var firmwareDate: String? {
        guard subcommand == 0x07 else { return nil }
        return values.map { $0 < 10 ? "0\($0)" : String($0) }.joined(separator: "-")
    }

    /// Whether the reply answers `command` (same sub-command).
    public func answers(_ command: SDS011Command) -> Bool {
        command.subcommand == subcommand
    }
}
