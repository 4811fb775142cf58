/// Whether two PM2.5 channels of one station (a PurpleAir-style A/B pair) agree over one clock hour, and which
/// one to believe when they do not. Pure: the hour's evidence in, the verdict out.
///
/// The rule is the EPA's for PurpleAir A/B channels (Barkjohn, Gantt & Clements 2021, "Development and
/// application of a United States-wide correction for PM2.5 data collected with the PurpleAir sensor",
/// Atmos. Meas. Tech. 14, 4617-4637, doi:10.5194/amt-14-4617-2021, section 3.2.3, in the hourly form the
/// AirNow Fire and Smoke Map applies to PurpleAir data): an hour is invalid when the
/// channels' means differ by more than 5 µg/m³ **and** by more than 70 % of their mean
/// (|A − B| · 2 / (A + B) > 0.7). Either condition alone is normal: a large relative gap in clean air, a large
/// absolute one in smoke.
///
/// On disagreement the suspect channel is named where the evidence allows, in this order: one channel stuck
/// (its readings did not change over the hour) while the other moved; one reading zero while the other does
/// not; one disagreeing with the reference (Open-Meteo's model mean for the hour, by the same rule) while the
/// other agrees with it. The other channel's value is then used and the hour flagged. When none of these tells
/// them apart, the hour has no value (`value == nil`): it is dropped from the NowCast.
public struct ChannelAgreement: Sendable, Hashable {
    /// The EPA's absolute bound: channels further apart than this (and than ``maximumRelativeDifference``)
    /// disagree, µg/m³.
    public static let maximumDifference = 5.0
    /// The EPA's relative bound on |A − B| · 2 / (A + B) (a fraction: 0.7 is 70 %).
    public static let maximumRelativeDifference = 0.7
    /// A channel whose hourly mean is at most this reads zero, µg/m³ (Plantower reports whole µg/m³).
    public static let zeroLevel = 0.5

    /// What the two channels did.
    public enum State: String, Sendable, Hashable {
        /// Only one channel has a value for the hour (the other is not configured, dead or silent).
        case single
        /// Both have values within the EPA's bounds: the value is their mean.
        case agree
        /// Both have values beyond both bounds.
        case disagree
    }

    /// One of the two channels.
    public enum Channel: String, Sendable, Hashable {
        /// The `sensor` section's sensor.
        case a
        /// The `sensor_b` section's sensor.
        case b
    }

    /// Why a channel is the suspect.
    public enum SuspectReason: String, Sendable, Hashable {
        /// Its readings did not change over the hour while the other channel's did.
        case stuck
        /// It reads zero while the other does not.
        case zero
        /// It disagrees with the reference by the same rule, while the other agrees with it.
        case farFromReference = "far_from_reference"
    }

    /// One channel's evidence for one hour.
    public struct Evidence: Sendable, Hashable {
        /// The hour's mean PM2.5, µg/m³ (before any correction).
        public var mean: Double
        /// Whether every reading of the hour was the same value (a repeated frame, hung firmware).
        public var stuck: Bool

        /// Evidence from its parts.
        public init(mean: Double, stuck: Bool = false) {
            self.mean = mean
            self.stuck = stuck
        }
    }

    /// The verdict.
    public var state: State
    /// Channel A's mean PM2.5 for the hour, µg/m³; nil when it has none.
    public var meanA: Double?
    /// Channel B's mean PM2.5 for the hour, µg/m³; nil when it has none.
    public var meanB: Double?
    /// |A − B|, µg/m³; nil unless both channels have a value.
    public var difference: Double?
    /// |A − B| · 2 / (A + B) as a fraction (0.7 is 70 %); nil unless both have a value (0 when both are 0).
    public var relativeDifference: Double?
    /// The channel not believed on disagreement, nil when it cannot be told (or there is no disagreement).
    public var suspect: Channel?
    /// Why ``suspect`` is the suspect.
    public var suspectReason: SuspectReason?
    /// Which channels the hour's value comes from: both (agree), one (single, or a named suspect's other),
    /// none (an undecided disagreement, or no channel at all).
    public var used: Set<Channel>
    /// The station's PM2.5 for the hour, µg/m³: the mean of the channels used; nil when the hour is dropped.
    public var value: Double?

    /// Whether the hour is flagged: the channels disagreed (whether or not a suspect was named).
    public var flagged: Bool { state == .disagree }

    /// Whether two hourly means disagree by the EPA rule: both bounds exceeded.
    public static func disagree(_ a: Double, _ b: Double) -> Bool {
        let difference = abs(a - b)
        return difference > maximumDifference && relative(a, b) > maximumRelativeDifference
    }

    /// |a − b| · 2 / (a + b); 0 when both are 0.
    public static func relative(_ a: Double, _ b: Double) -> Double {
        let sum = a + b
        guard sum > 0 else { return 0 }
        return abs(a - b) * 2 / sum
    }

    /// The verdict for one hour.
    /// - Parameters:
    ///   - a: channel A's evidence, nil when it has no value for the hour.
    ///   - b: channel B's evidence, nil when it has none (not configured, dead, silent).
    ///   - reference: the reference's mean PM2.5 for the same hour, µg/m³, nil when there is none.
    public static func evaluate(a: Evidence?, b: Evidence?, reference: Double?) -> ChannelAgreement {
        guard let a, let b else {
            let only: (Channel, Evidence)? = a.map { (.a, $0) } ?? b.map { (.b, $0) }
            return ChannelAgreement(
                state: .single, meanA: a?.mean, meanB: b?.mean, difference: nil, relativeDifference: nil, suspect: nil, suspectReason: nil,
                used: only.map { [$0.0] } ?? [], value: only?.1.mean)
        }
        var result = ChannelAgreement(
            state: .agree, meanA: a.mean, meanB: b.mean, difference: abs(a.mean - b.mean), relativeDifference: relative(a.mean, b.mean),
            suspect: nil, suspectReason: nil, used: [.a, .b], value: (a.mean + b.mean) / 2)
        guard disagree(a.mean, b.mean) else { return result }
        result.state = .disagree
        result.used = []
        result.value = nil
        guard let (suspect, reason) = suspect(a: a, b: b, reference: reference) else { return result }
        let kept: Channel = suspect == .a ? .b : .a
        result.suspect = suspect
        result.suspectReason = reason
        result.used = [kept]
        result.value = kept == .a ? a.mean : b.mean
        return result
    }

    /// The channel to distrust and why, when exactly one of them shows a sign of failure.
    static func suspect(a: Evidence, b: Evidence, reference: Double?) -> (Channel, SuspectReason)? {
        if a.stuck != b.stuck { return (a.stuck ? .a : .b, .stuck) }
        let aZero = a.mean <= zeroLevel
        let bZero = b.mean <= zeroLevel
        if aZero != bZero { return (aZero ? .a : .b, .zero) }
        guard let reference else { return nil }
        let aFar = disagree(a.mean, reference)
        let bFar = disagree(b.mean, reference)
        if aFar != bFar { return (aFar ? .a : .b, .farFromReference) }
        return nil
    }
}
