/// The 8-byte frame a Plantower sensor sends after a mode or sleep command: a frame of length 4 whose payload
/// echoes the command byte and the low data byte (`42 4D 00 04 E1 01 01 75`). Not in the datasheet; observed by
/// independent drivers.
public struct PlantowerAcknowledgement: Sendable, Hashable {
    /// The command acknowledged (0xE1, 0xE4).
    public let command: UInt8
    /// The low byte of the command's data.
    public let data: UInt8

    /// An acknowledgement.
    public init(command: UInt8, data: UInt8) {
        self.command = command
        self.data = data
    }

    /// The 8 bytes on the wire.
    public var bytes: [UInt8] {
        var bytes: [UInt8] = [0x42, 0x4D, 0x00, 0x04, command, data]
        let sum = ByteReader(bytes).sum16(0..<6)
        bytes += [UInt8(sum >> 8), UInt8(sum & 0xFF)]
        return bytes
    }

    /// The command it acknowledges.
    public var acknowledgedCommand: PlantowerCommand { PlantowerCommand(code: command, data: UInt16(data)) }

    /// What it means, as worded in the shared vectors (`ack: active mode set`).
    public var meaning: String {
        switch acknowledgedCommand {
        case .setMode(.active): "ack: active mode set"
        case .setMode(.passive): "ack: passive mode set"
        case .sleep: "ack: sleep"
        case .wake: "ack: wake"
        case .readPassive, .other: "ack: command \(Hex.byte(command)) data \(Hex.byte(data))"
        }
    }
}
