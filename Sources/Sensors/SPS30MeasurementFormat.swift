/// The output format an SPS30 measurement is started with.
public enum SPS30MeasurementFormat: String, Sendable, CaseIterable {
    /// Big-endian IEEE 754 floats: 60-byte replies (every firmware).
    case float
    /// Unsigned 16-bit integers: 30-byte replies, typical size in nm (firmware 2.0 and later).
    case integer = "uint16"

    /// The start-measurement argument word (0x0300 float, 0x0500 uint16).
    public var argument: UInt16 { self == .float ? 0x0300 : 0x0500 }

    /// Bytes of a read-measured-values reply, CRCs included.
    public var replyLength: Int { self == .float ? 60 : 30 }
}
