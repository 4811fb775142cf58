#if canImport(Glibc)
    import Glibc
#endif

/// Perceived brightness to PWM duty cycle and back. The eye's response is roughly a power law, so half the
/// duty looks much brighter than half: duty = perceived^2.2 (the sRGB exponent, close enough for LEDs).
public enum Gamma {
    /// The exponent.
    public static let exponent = 2.2

    /// The duty cycle (0...1) that looks like `perceived` (0...1).
    public static func duty(perceived: Double) -> Double {
        let clamped = min(max(perceived, 0), 1)
        return clamped == 0 || clamped == 1 ? clamped : pow(clamped, exponent)
    }

    /// The perceived brightness (0...1) of duty cycle `duty` (0...1).
    public static func perceived(duty: Double) -> Double {
        let clamped = min(max(duty, 0), 1)
        return clamped == 0 || clamped == 1 ? clamped : pow(clamped, 1 / exponent)
    }
}
