/// Hexadecimal text for bytes, both ways: captures, vectors and the `decode --hex` option.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// Lower-case hex of `bytes`, with `separator` between bytes (`"58 d9"` with a space).
    public static func string(_ bytes: some Sequence<UInt8>, separator: String = "") -> String {
        var text = ""
        for (index, byte) in bytes.enumerated() {
            if index > 0 { text += separator }
            text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte >> 4)]))
            text.unicodeScalars.append(Unicode.Scalar(digits[Int(byte & 0x0F)]))
        }
        return text
    }

    /// `0x97`-style text of one byte.
    public static func byte(_ value: UInt8) -> String { "0x" + string([value]) }

    /// `0x03c5`-style text of a 16-bit word.
    public static func word(_ value: UInt16) -> String { "0x" + string([UInt8(value >> 8), UInt8(value & 0xFF)]) }

    /// The bytes of hex text. Whitespace, `:`, `-` and `,` between bytes and a leading `0x` are ignored.
    /// - Throws: ``HexParseError`` naming the first character that is not a hex digit, or an odd digit count.
    public static func parse(_ text: String) throws(HexParseError) -> [UInt8] {
        var bytes: [UInt8] = []
        var high: UInt8?
        var position = 0
        var scalars = Array(text.unicodeScalars)
        if scalars.count >= 2, scalars[0] == "0", scalars[1] == "x" || scalars[1] == "X" {
            scalars.removeFirst(2)
            position = 2
        }
        for scalar in scalars {
            defer { position += 1 }
            if scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == ":" || scalar == "-"
                || scalar == ","
            {
                if high != nil { throw HexParseError(message: "a lone hex digit before position \(position)") }
                continue
            }
            guard let value = nibble(scalar) else {
                throw HexParseError(message: "'\(scalar)' at position \(position) is not a hex digit")
            }
            if let first = high {
                bytes.append(first << 4 | value)
                high = nil
            } else {
                high = value
            }
        }
        if high != nil { throw HexParseError(message: "odd number of hex digits") }
        return bytes
    }

    /// Whether `bytes` are hex text only (digits, whitespace and separators) and contain at least one digit.
    public static func looksLikeHexText(_ bytes: some Sequence<UInt8>) -> Bool {
        var digitsSeen = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                digitsSeen = true
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ":"),
                UInt8(ascii: "-"), UInt8(ascii: ","):
                continue
            default:
                return false
            }
        }
        return digitsSeen
    }

    private static func nibble(_ scalar: Unicode.Scalar) -> UInt8? {
        switch scalar.value {
        case 0x30...0x39: UInt8(scalar.value - 0x30)
        case 0x61...0x66: UInt8(scalar.value - 0x61 + 10)
        case 0x41...0x46: UInt8(scalar.value - 0x41 + 10)
        default: nil
        }
    }
}

/// Hex text that is not hex.
public struct HexParseError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and where.
    public let message: String
    public var description: String { message }
}
