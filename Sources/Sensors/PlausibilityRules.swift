/// The documented rules a checksum-valid reading must also pass (docs/sensors.md, "Plausibility"):
///
/// 1. Every mass concentration lies within 0-1000 µg/m³ (the sensors' specified range; the kernel's pms7003
///    driver clamps to it too). NaN and infinities fail; IEEE -0.0 (seen from real SPS30s) counts as 0.
/// 2. No word holds the 0xFFFF sentinel (Sensirion's "unknown", seen as 6553.5 µg/m³ when scaled by 1/10).
/// 3. PM10 > 0 with a zero count of particles > 0.3 µm is a contradiction (PyPMS rejects it).
/// 4. A frame whose data are all zero is a sensor warming up, not clean air.
/// 5. A Plantower frame with a non-zero error byte reports a sensor fault.
public enum PlausibilityRules {
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

    /// A number for messages: whole numbers without a fraction, others to at most 3 decimals.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return String(value) }
        let rounded = (value * 1000).rounded() / 1000
        return abs(rounded) < 1e15 ? Int(exactly: rounded).map { String($0) } ?? String(rounded) : String(rounded)
    }
}
