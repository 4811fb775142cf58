/// The two ID bytes of an SDS011, kept opaque and in wire order (libraries disagree on their integer byte order).
public struct SDS011DeviceID: Sendable, Hashable, CustomStringConvertible {
    /// The first ID byte on the wire.
    public let high: UInt8
    /// The second ID byte on the wire.
    public let low: UInt8

    /// An ID from its wire bytes.
    public init(_ high: UInt8, _ low: UInt8) {
        self.high = high
        self.low = low
    }

    /// `FF FF`: every sensor on the line answers.
    public static let broadcast = SDS011DeviceID(0xFF, 0xFF)

    /// The two bytes.
    public var bytes: [UInt8] { [high, low] }

    /// `58 d9`.
    public var description: String { Hex.string(bytes, separator: " ") }
}
