import CheckedConversions

/// Truncation of a concentration to a breakpoint table's precision, as the EPA requires (never rounding).
///
/// Binary floating point puts many decimal values just below themselves: twelve readings of 9.1 averaged in
/// `Float` give 9.0999994, which plain truncation turns into 9.0 (AQI 50 instead of 51). A value that lies
/// within a tiny relative distance below a step boundary is therefore taken to be on the boundary. The
/// tolerance (one part in a million, plus 1e-9 of a step) is far below any sensor's resolution and far above
/// the rounding error of a `Float` mean, so 9.09 still truncates to 9.0 and 9.0999994 becomes 9.1.
public enum ConcentrationTruncation {
    /// Relative tolerance below a step boundary that still counts as on it.
    public static let relativeTolerance = 1e-6

    /// The largest whole number of steps (of `1 / stepsPerUnit`) not above `value`, with the tolerance
    /// described on the type. `value` must be finite and non-negative.
    public static func steps(_ value: Double, stepsPerUnit: Int64) -> Int64 {
        let scaled = value * Double(stepsPerUnit)
        let nearest = scaled.rounded()
        if nearest > scaled, nearest - scaled <= max(1e-9, scaled * relativeTolerance) {
            return Int64(clampingRounded: nearest)
        }
        // Clamped, not trapping: callers bound the concentration, but a value past 2^63 steps must not crash.
        return Int64(clampingRounded: scaled, .down)
    }

    /// `value` truncated to the precision `1 / stepsPerUnit`, as a Double.
    public static func truncate(_ value: Double, stepsPerUnit: Int64) -> Double {
        Double(steps(value, stepsPerUnit: stepsPerUnit)) / Double(stepsPerUnit)
    }
}
