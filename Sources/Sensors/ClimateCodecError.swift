/// Why bytes read from a climate sensor could not be decoded.
public enum ClimateCodecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A reply was shorter or longer than the command's reply.
    case wrongLength(what: String, expected: Int, got: Int)
    /// A word's CRC-8 did not match (Sensirion: poly 0x31, init 0xFF).
    case crcMismatch(what: String, word: Int, computed: UInt8, sent: UInt8)
    /// The chip answered with an identity that is not the expected part.
    case wrongChip(what: String)
    /// A value the compensation cannot use (a zero calibration divisor, an unset ADC sample).
    case invalidData(String)

    public var description: String {
        switch self {
        case .wrongLength(let what, let expected, let got):
            "\(what): expected \(expected) bytes, got \(got)"
        case .crcMismatch(let what, let word, let computed, let sent):
            "\(what): CRC mismatch in word \(word): computed \(Hex.byte(computed)), sensor sent \(Hex.byte(sent))"
        case .wrongChip(let what): what
        case .invalidData(let what): what
        }
    }
}
