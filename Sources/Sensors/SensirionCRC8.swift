/// Sensirion's CRC-8 over each 2-byte data word: polynomial 0x31 (x⁸+x⁵+x⁴+1), initial value 0xFF, no
/// reflection, no final XOR. CRC(BE EF) = 0x92 (datasheet).
public enum SensirionCRC8 {
    private static let table: [UInt8] = (0..<256).map { index in
        var crc = UInt8(index)
        for _ in 0..<8 { crc = crc & 0x80 != 0 ? (crc << 1) ^ 0x31 : crc << 1 }
        return crc
    }

    /// The CRC of `bytes` (two bytes for a Sensirion word).
    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt8 {
        var crc: UInt8 = 0xFF
        for byte in bytes { crc = table[Int(crc ^ byte)] }
        return crc
    }
}
