/// Fixed-point formatting of a Double without Foundation's formatters.
public enum DecimalFormatting {
    /// `value` with exactly `decimals` digits after the point, rounded half away from zero, e.g.
    /// `fixed(38.437, decimals: 1) == "38.4"`. Non-finite values are written as "nan" or "inf".
    public static func fixed(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        var scale = 1.0
        for _ in 0..<max(0, decimals) { scale *= 10 }
        let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
        guard scaled < 9e15, let integer = UInt64(exactly: scaled) else { return String(value) }
        let divisor = UInt64(scale)
        let whole = integer / divisor
        let sign = value < 0 && integer != 0 ? "-" : ""
        guard decimals > 0 else { return sign + String(whole) }
        var fraction = String(integer % divisor)
        while fraction.count < decimals { fraction = "0" + fraction }
        return sign + String(whole) + "." + fraction
    }
}
