/// The SPS30 device status register (0xD206): a 32-bit word of fault flags.
public struct SPS30DeviceStatus: Sendable, Hashable {
    /// The raw register.
    public let rawValue: UInt32

    /// A status from its raw value.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Bit 21: the fan speed is off by more than 10 % (e.g. blocked, or supply voltage too low).
    public var fanSpeedWarning: Bool { rawValue & (1 << 21) != 0 }
    /// Bit 5: the laser current is out of range.
    public var laserError: Bool { rawValue & (1 << 5) != 0 }
    /// Bit 4: the fan is switched on but turns at 0 rpm.
    public var fanError: Bool { rawValue & (1 << 4) != 0 }

    /// Whether a fault that makes readings unusable is set (laser or fan error).
    public var hasFault: Bool { laserError || fanError }

    /// The set flags in words, e.g. `fan error (0 rpm)`; empty when all is well.
    public var problems: [String] {
        var problems: [String] = []
        if fanSpeedWarning { problems.append("fan speed out of range") }
        if laserError { problems.append("laser current out of range") }
        if fanError { problems.append("fan error (0 rpm)") }
        return problems
    }

    /// Decodes the 6-byte reply.
    public static func decode(_ reply: some Collection<UInt8>) throws(SensirionWordError) -> SPS30DeviceStatus {
        guard reply.count == 6 else { throw .length(reply.count) }
        let words = try SensirionWords.decode(reply)
        return SPS30DeviceStatus(rawValue: UInt32(words[0]) << 16 | UInt32(words[1]))
    }

    /// The 6-byte reply.
    public var reply: [UInt8] { SensirionWords.encode([UInt16(rawValue >> 16), UInt16(rawValue & 0xFFFF)]) }
}
