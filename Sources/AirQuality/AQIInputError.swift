/// Why a concentration cannot be turned into an index. The message names the bad value.
public struct AQIInputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong.
    public enum Kind: Sendable, Hashable {
        /// NaN or infinite.
        case notFinite
        /// Below zero.
        case negative
        /// Above ``AQICalculator/maximumConcentration``: no instrument reports this; it is a units or input error.
        case implausiblyLarge
        /// The pollutant has no breakpoint table for this averaging period.
        case unsupportedAveraging
    }

    /// What was wrong.
    public let kind: Kind
    /// The pollutant the value was given for.
    public let pollutant: Pollutant
    /// The averaging period asked for.
    public let averaging: AveragingPeriod
    /// The value as given.
    public let value: Double

    public var description: String {
        let unit = pollutant.unit.rawValue
        switch kind {
        case .notFinite:
            return "concentration for \(pollutant.rawValue) is not a finite number"
        case .negative:
            return "concentration for \(pollutant.rawValue) must not be negative (got \(value) \(unit))"
        case .implausiblyLarge:
            return "concentration for \(pollutant.rawValue) is implausibly large "
                + "(got \(value) \(unit), limit \(AQICalculator.maximumConcentration))"
        case .unsupportedAveraging:
            let supported = pollutant.averagingPeriods.map(\.rawValue).joined(separator: ", ")
            return "\(pollutant.rawValue) has no \(averaging.rawValue) breakpoints (supported: \(supported))"
        }
    }
}
