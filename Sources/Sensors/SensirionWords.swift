/// Sensirion's I²C data layout: every 2-byte big-endian word is followed by its CRC-8, in both directions.
public enum SensirionWords {
    /// `words` as `[hi, lo, crc]` triples.
    public static func encode(_ words: [UInt16]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(words.count * 3)
        for word in words {
            let pair = [UInt8(word >> 8), UInt8(word & 0xFF)]
            bytes += pair
            bytes.append(SensirionCRC8.checksum(pair))
        }
        return bytes
    }

    /// The words of `bytes`, every CRC checked.
    /// - Throws: ``SensirionWordError`` naming the first word whose CRC fails, or a length not a multiple of 3.
    public static func decode(_ bytes: some Collection<UInt8>) throws(SensirionWordError) -> [UInt16] {
        let bytes = Array(bytes)
        guard bytes.count % 3 == 0 else { throw .length(bytes.count) }
        var words: [UInt16] = []
        words.reserveCapacity(bytes.count / 3)
        for index in stride(from: 0, to: bytes.count, by: 3) {
            let computed = SensirionCRC8.checksum(bytes[index..<(index + 2)])
            guard computed == bytes[index + 2] else {
                throw .crc(word: index / 3, computed: computed, sent: bytes[index + 2])
            }
            words.append(UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1]))
        }
        return words
    }

    /// The data bytes of `bytes` (CRCs checked and removed).
    public static func decodeBytes(_ bytes: some Collection<UInt8>) throws(SensirionWordError) -> [UInt8] {
        try decode(bytes).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }

    /// Big-endian IEEE 754 floats from pairs of words.
    public static func floats(_ words: [UInt16]) -> [Float] {
        stride(from: 0, to: words.count - 1, by: 2).map { index in
            Float(bitPattern: UInt32(words[index]) << 16 | UInt32(words[index + 1]))
        }
    }

    /// The word pairs of big-endian IEEE 754 floats.
    public static func words(_ floats: [Float]) -> [UInt16] {
        floats.flatMap { value -> [UInt16] in
            let bits = value.bitPattern
            return [UInt16(bits >> 16), UInt16(bits & 0xFFFF)]
        }
    }
}

/// Sensirion words that fail their checks.
public enum SensirionWordError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The CRC of word `word` (0-based) does not match.
    case crc(word: Int, computed: UInt8, sent: UInt8)
    /// The byte count is not a multiple of 3 (or not what the command returns).
    case length(Int)

    public var description: String {
        switch self {
        case .crc(let word, let computed, let sent):
            "CRC mismatch in word \(word) (bytes \(word * 3)-\(word * 3 + 2)): computed \(Hex.byte(computed)), "
                + "sent \(Hex.byte(sent))"
        case .length(let count): "\(count) bytes is not a whole number of 3-byte words"
        }
    }
}
