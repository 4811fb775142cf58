/// A family of sensors sharing one protocol (framing, checksums, commands).
public enum SensorFamily: String, Sendable, CaseIterable {
    /// Plantower PMS*003: `42 4D` frames with a 16-bit sum.
    case plantower
    /// Nova Fitness SDS0xx: `AA .. AB` frames with an 8-bit sum.
    case novaFitness = "nova-fitness"
    /// Sensirion SPS30: I²C words with CRC-8.
    case sensirion
    /// Honeywell HPMA115: `40`/`68` frames with a two's-complement checksum, plus Plantower-like auto-send.
    case honeywell
    /// Cubic PM1006: `16 11 0B` frames whose 20 bytes sum to 0.
    case cubic
}
