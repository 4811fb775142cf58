/// Checked conversions of a `Double` to an integer type.
///
/// `Int(x)` and `Int(x.rounded())` trap when `x` is NaN, infinite or outside the integer's range, and a
/// value from outside (an Open-Meteo answer, a snapshot file, a configuration) can be any of those: one
/// PM2.5 of 1e19 ended the daemon that way. Every Double → integer conversion in the product goes through
/// these (or through the standard library's `init?(exactly:)`), so a hostile number becomes nil or a
/// clamped value, never a crash.
extension FixedWidthInteger {
    /// `value` rounded by `rule`, or nil when it is NaN, infinite or outside `Self.min...Self.max`.
    @inlinable
    public init?(rounding value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        self.init(exactly: value.rounded(rule))
    }

    /// `value` rounded by `rule` and clamped to `Self.min...Self.max`; `nan` (0 unless given) for NaN.
    /// For figures shown to people (ages, counts) where an absurd value should read as the extreme, not fail.
    @inlinable
    public init(
        clampingRounded value: Double, _ rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero, nan: Self = 0
    ) {
        guard !value.isNaN else {
            self = nan
            return
        }
        let rounded = value.rounded(rule)
        // Double(Self.max) may round up past Self.max (2^63 for Int64), so compare with >=; Self.min is a
        // power of two (or 0) and exact.
        if rounded >= Double(Self.max) {
            self = Self.max
        } else if rounded <= Double(Self.min) {
            self = Self.min
        } else {
            self.init(rounded)
        }
    }
}

extension FixedWidthInteger where Self: SignedInteger {
    /// A time or time count (seconds, minutes or hours since 1970) rounded down and limited to ±10^13,
    /// about ±317,000 years in seconds: whole enough for any calendar, and small enough that adding an
    /// offset, dividing into days or stepping back 24 hours cannot overflow either.
    @inlinable
    public init(flooringTime value: Double) {
        self.init(clampingRounded: Swift.min(Swift.max(value, -1e13), 1e13), .down)
    }
}
