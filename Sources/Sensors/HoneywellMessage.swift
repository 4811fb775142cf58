/// What a Honeywell HPMA115 byte stream carries.
public enum HoneywellMessage: Sendable, Hashable {
    /// A measurement (read reply or auto-send frame).
    case reading(HoneywellReading)
    /// `40 02 10 COEF CS`: the customer adjustment coefficient in %.
    case adjustmentCoefficient(Int)
    /// `A5 A5`: the command was accepted.
    case acknowledgement
    /// `96 96`: the command was refused (bad checksum or not allowed now).
    case negativeAcknowledgement
    /// A host command, seen when decoding what the host sent.
    case command(HoneywellCommand)
}
