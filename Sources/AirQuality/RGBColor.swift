/// An sRGB colour with 8 bits per channel.
public struct RGBColor: Sendable, Hashable, CustomStringConvertible {
    /// Red, 0...255.
    public let red: UInt8
    /// Green, 0...255.
    public let green: UInt8
    /// Blue, 0...255.
    public let blue: UInt8

    /// A colour from its channels.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A colour from `0xRRGGBB`.
    public init(hex value: UInt32) {
        self.init(red: UInt8((value >> 16) & 0xFF), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// A colour from `#rrggbb` or `rrggbb` (either case); nil for anything else.
    public init?(hex text: some StringProtocol) {
        let digits = Substring(text.hasPrefix("#") ? text.dropFirst() : text[...])
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        self.init(hex: value)
    }

    /// `#rrggbb` in lower case.
    public var hex: String {
        let digits = "0123456789abcdef".map { $0 }
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }

    public var description: String { hex }
}
