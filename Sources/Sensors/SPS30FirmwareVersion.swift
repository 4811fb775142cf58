/// An SPS30 firmware version (read with 0xD100: `major minor crc`).
public struct SPS30FirmwareVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Major version.
    public let major: Int
    /// Minor version.
    public let minor: Int

    /// A version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Decodes the 3-byte reply.
    public static func decode(_ reply: some Collection<UInt8>) throws(SensirionWordError) -> SPS30FirmwareVersion {
        guard reply.count == 3 else { throw .length(reply.count) }
        let word = try SensirionWords.decode(reply)[0]
        return SPS30FirmwareVersion(major: Int(word >> 8), minor: Int(word & 0xFF))
    }

    /// The 3-byte reply.
    public var reply: [UInt8] { SensirionWords.encode([UInt16(major & 0xFF) << 8 | UInt16(minor & 0xFF)]) }

    /// Whether sleep/wake-up, the uint16 format and clearing the status register exist (firmware 2.0 and later;
    /// sources disagree between 2.0 and 2.2, and 2.0 is what Sensirion's own driver checks).
    public var hasSleepAndIntegerFormat: Bool { major >= 2 }

    /// `2.1`.
    public var description: String { "\(major).\(minor)" }

    public static func < (lhs: SPS30FirmwareVersion, rhs: SPS30FirmwareVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }
}
