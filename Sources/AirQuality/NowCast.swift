/// The EPA NowCast for PM2.5 and PM10: a weighted mean of the 12 most recent hourly means that leans on the
/// newest hours when the air is changing fast.
///
/// Rules (AirNow, "The NowCast for PM2.5 and PM10"):
/// - Input: up to 12 hourly means, newest first; nil is a missing hour. Raw means, not truncated.
/// - Valid only when at least 2 of the 3 newest hours are present.
/// - Weight factor w* = 1 − (c_max − c_min) / c_max over the present hours, floored at 0.5.
/// - NowCast = Σ w*^(i−1)·c_i / Σ w*^(i−1) over the present hours; a missing hour is skipped in both sums and
///   every hour keeps its own age as the exponent.
public struct NowCast: Sendable, Hashable {
    /// Number of hourly means the NowCast looks at.
    public static let windowHours = 12
    /// Floor of the weight factor for particulate matter (makes it roughly a 3-hour mean at worst).
    public static let minimumWeightFactor = 0.5

    /// The NowCast concentration, not truncated, in µg/m³.
    public let concentration: Double
    /// The weight factor w* after the floor.
    public let weightFactor: Double
    /// Number of hourly means that went into it.
    public let hoursUsed: Int

    /// Why no NowCast can be computed from the given hours.
    public enum Unavailable: Error, Sendable, Hashable, CustomStringConvertible {
        /// Fewer than 2 of the 3 newest hours are present.
        case tooFewRecentHours(present: Int)
        /// An hourly mean is negative or not finite; `hour` is its position, 0 = newest.
        case invalidValue(hour: Int, value: Double)

        public var description: String {
            switch self {
            case .tooFewRecentHours(let present):
                "NowCast needs at least 2 of the 3 most recent hours (have \(present))"
            case .invalidValue(let hour, let value):
                "hourly mean \(hour + 1) (newest is 1) is not a valid concentration: \(value)"
            }
        }
    }

    /// The NowCast of `hourlyMeans`, newest first. Values past the 12th are ignored.
    public init(hourlyMeans: [Double?]) throws(Unavailable) {
        let window = Array(hourlyMeans.prefix(Self.windowHours))
        for (hour, value) in window.enumerated() {
            if let value, !(value.isFinite && value >= 0) {
                throw .invalidValue(hour: hour, value: value)
            }
        }
        let recent = window.prefix(3).compactMap { $0 }.count
        guard recent >= 2 else { throw .tooFewRecentHours(present: recent) }
        let present = window.compactMap { $0 }
        let maximum = present.max() ?? 0
        let minimum = present.min() ?? 0
        let weight = maximum > 0 ? max(Self.minimumWeightFactor, 1 - (maximum - minimum) / maximum) : 1
        var numerator = 0.0
        var denominator = 0.0
        var factor = 1.0
        for value in window {
            if let value {
                numerator += factor * value
                denominator += factor
            }
            factor *= weight
        }
        concentration = denominator > 0 ? numerator / denominator : 0
        weightFactor = weight
        hoursUsed = present.count
    }
}

extension AQICalculator {
    /// The NowCast sub-index of PM2.5 or PM10 from up to 12 hourly means (µg/m³), newest first, nil for a
    /// missing hour. The NowCast is truncated to the table's precision and read on the 24-hour table.
    ///
    /// - Returns: the index; its value is nil, with the reason, when the NowCast is not defined.
    public static func nowCastIndex(_ pollutant: Pollutant, hourlyMeans: [Double?]) throws(AQIInputError) -> SubIndex {
        guard pollutant == .pm2_5 || pollutant == .pm10 else {
            throw AQIInputError(kind: .unsupportedAveraging, pollutant: pollutant, averaging: .nowCast, value: .nan)
        }
        let nowCast: NowCast
        do {
            nowCast = try NowCast(hourlyMeans: hourlyMeans)
        } catch {
            return SubIndex(
                pollutant: pollutant, averaging: .nowCast, concentration: .nan, value: nil, isBeyondIndex: false,
                unavailableReason: error.description)
        }
        return try subIndex(pollutant, averaging: .nowCast, concentration: nowCast.concentration)
    }
}
