/// The documented rules a checksum-valid reading must also pass (docs/sensors.md, "Plausibility"):
///
/// 1. Every mass concentration lies within 0-1000 µg/m³ (the sensors' specified range; the kernel's pms7003
///    driver clamps to it too). NaN and infinities fail; IEEE -0.0 (seen from real SPS30s) counts as 0.
/// 2. No word holds the 0xFFFF sentinel (Sensirion's "unknown", seen as 6553.5 µg/m³ when scaled by 1/10).
/// 3. PM10 > 0 with a zero count of particles > 0.3 µm is a contradiction (PyPMS rejects it).
/// 4. A frame whose data are all zero is a sensor warming up, not clean air.
/// 5. A Plantower frame with a non-zero error byte reports a sensor fault.
/// 6. The size fractions are cumulative (PM1 is part of PM2.5, which is part of PM4 and PM10): a smaller size
///    may exceed a larger one by no more than the sensors' documented accuracy (±10-15 µg/m³ or ±10-15 %,
///    see docs/sensors.md), taken as ``orderAbsoluteTolerance`` + ``orderRelativeTolerance`` × the value.
/// 7. Plantower's atmospheric values equal the CF=1 values at low loads and fall to about 2/3 of them at high
///    loads (cf_1 ≈ 1.5 × cf_atm): an atmospheric value above its CF=1 value, or below half of it, beyond
///    ``orderAbsoluteTolerance``, is not a reading the firmware produces.
public enum PlausibilityRules {
    /// The absolute part of the cross-channel tolerance, µg/m³: the widest documented accuracy below
    /// 100 µg/m³ (Honeywell HPMA115, SDS011: ±15 µg/m³; Plantower, SPS30: ±10), which also covers integer
    /// rounding of the words.
    public static let orderAbsoluteTolerance = 15.0
    /// The relative part of the cross-channel tolerance: the widest documented accuracy above 100 µg/m³ (±15 %).
    public static let orderRelativeTolerance = 0.15
    /// The smallest ratio of a Plantower atmospheric value to its CF=1 value (the firmware's is about 2/3 at
    /// high loads).
    public static let minimumAtmosphericToCF1 = 0.5

    /// The accepted range of a mass concentration, µg/m³.
    public static let massRange: ClosedRange<Double> = 0...1000

    /// The first rule that `values` (name, µg/m³) break, or nil.
    public static func checkMass(_ values: [(name: String, value: Double)]) -> PlausibilityVerdict? {
        for (name, value) in values {
            guard value.isFinite else { return .implausible("\(name) is \(value)") }
            guard massRange.contains(value) else {
                let range = "\(format(massRange.lowerBound))-\(format(massRange.upperBound))"
                return .implausible("\(name) \(format(value)) µg/m³ is outside \(range) µg/m³")
            }
        }
        return nil
    }

    /// The sentinel rule over raw 16-bit words (name, raw value).
    public static func checkSentinels(_ words: [(name: String, raw: UInt16)]) -> PlausibilityVerdict? {
        for (name, raw) in words where raw == 0xFFFF {
            return .implausible("\(name) holds the 0xFFFF sentinel")
        }
        return nil
    }

    /// The count rule: PM10 above zero needs particles above 0.3 µm.
    public static func checkCounts(pm10: Double, particlesOver0_3um: Int?) -> PlausibilityVerdict? {
        guard let count = particlesOver0_3um, pm10 > 0, count == 0 else { return nil }
        return .implausible("PM10 \(format(pm10)) µg/m³ with no particles over 0.3 µm")
    }

    /// The ordering rule over cumulative size fractions, smallest size first (name, µg/m³).
    public static func checkOrder(_ values: [(name: String, value: Double)]) -> PlausibilityVerdict? {
        for (smaller, larger) in zip(values, values.dropFirst()) {
            let allowed = larger.value + orderAbsoluteTolerance + orderRelativeTolerance * smaller.value
            if smaller.value > allowed {
                return .implausible(
                    "\(smaller.name) \(format(smaller.value)) µg/m³ exceeds \(larger.name) \(format(larger.value)) µg/m³, "
                        + "which includes it, by more than the sensor's accuracy "
                        + "(\(format(orderAbsoluteTolerance)) µg/m³ + \(format(orderRelativeTolerance * 100)) %)")
            }
        }
        return nil
    }

    /// The Plantower CF=1 rule for one size (name, CF=1 and atmospheric values, µg/m³).
    public static func checkCF1(
        _ name: String, cf1: Double, atmospheric: Double
    ) -> PlausibilityVerdict? {
        let tolerance = orderAbsoluteTolerance
        if atmospheric > cf1 + tolerance {
            return .implausible(
                "\(name) atmospheric \(format(atmospheric)) µg/m³ exceeds its CF=1 value \(format(cf1)) µg/m³ "
                    + "by more than \(format(tolerance)) µg/m³ (the firmware never makes it larger)")
        }
        if atmospheric < cf1 * minimumAtmosphericToCF1 - tolerance {
            return .implausible(
                "\(name) atmospheric \(format(atmospheric)) µg/m³ is below half its CF=1 value \(format(cf1)) µg/m³ "
                    + "by more than \(format(tolerance)) µg/m³ (the firmware's ratio is 1 to about 2/3)")
        }
        return nil
    }

    /// A number for messages: whole numbers without a fraction, others to at most 3 decimals.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let rounded = (value * 1000).rounded() / 1000
        return abs(rounded) < 1e15 ? Int(exactly: rounded).map { String($0) } ?? String(rounded) : String(rounded)
    }
}
