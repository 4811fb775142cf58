/// One fault an ``EmulatedI2CDevice`` puts on a coming transfer (``EmulatedI2CDevice/inject(_:)``), so a
/// test drives the drivers' I²C retries exactly: a cable that glitches, a bus that picks up noise.
public enum I2CTransferFault: Sendable, Hashable {
    /// The next transfer (write or read) is not acknowledged.
    case nack
    /// The next read returns the reply with its last byte (a CRC or checksum byte) flipped.
    case badCRC
}
