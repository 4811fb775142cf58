/// The two Honeywell HPMA115 variants; they differ in which values their frames carry.
public enum HoneywellVariant: String, Sendable, CaseIterable {
    /// HPMA115S0: PM2.5 and PM10; read reply 8 bytes (`40 05 04`).
    case s0
    /// HPMA115C0 (compact): PM1, PM2.5, PM4 and PM10; read reply 16 bytes (`40 0D 04`).
    case c0
}
