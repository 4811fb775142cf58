/// Whether a checksum-valid reading can be believed.
public enum PlausibilityVerdict: Sendable, Hashable {
    /// The reading passes every rule.
    case plausible
    /// The sensor is still starting (the all-zero frame of a fan spinning up, an SPS30 not measuring yet).
    case warmingUp(String)
    /// The reading breaks a rule: out of range, a sentinel, counts that contradict the mass values.
    case implausible(String)

    /// Whether the reading may be used.
    public var isPlausible: Bool { self == .plausible }

    /// Why it may not be used; nil when plausible.
    public var reason: String? {
        switch self {
        case .plausible: nil
        case .warmingUp(let reason), .implausible(let reason): reason
        }
    }
}
