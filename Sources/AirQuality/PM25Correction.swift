/// Corrections that turn a low-cost optical sensor's PM2.5 into an estimate of the reference-grade value.
///
/// Both EPA corrections were fitted on Plantower PMS5003 `cf_1` ("CF=1, standard particle") readings with the
/// sensor's own relative humidity, so the station feeds them the CF=1 channel where the sensor has one.
/// They are applied to the hourly mean of raw readings, before the NowCast and the AQI. Raw values are the
/// config and API names.
public enum PM25Correction: String, Sendable, CaseIterable, Codable {
    /// The sensor's value as it is.
    case none
    /// Barkjohn, Gantt & Clements 2021 (AMT 14:4617), US-wide: 0.524·x − 0.0862·RH + 5.75.
    case epa2021 = "epa-2021"
    /// Barkjohn et al. 2022 (Sensors 22:9669), extended for smoke: the 2021 line below 570 µg/m³, a quadratic
    /// (4.21e-4·x² + 0.392·x + 3.44, no humidity term) from 611 µg/m³, and a linear blend between.
    case epa2022Smoke = "epa-2022-smoke"

    /// Whether the correction needs the relative humidity (for some or all inputs).
    public var needsRelativeHumidity: Bool { self != .none }

    /// Applies the correction.
    ///
    /// - Parameters:
    ///   - pm25: raw PM2.5 in µg/m³ (CF=1 where the sensor reports it).
    ///   - relativeHumidity: relative humidity in %, clamped to 0...100; nil when unknown.
    /// - Returns: the corrected value, never negative, and the correction that actually ran. Without a
    ///   humidity where one is needed, the value stays uncorrected and the result says so.
    public func apply(pm25: Double, relativeHumidity: Double?) -> CorrectedPM25 {
        let x = max(0, pm25)
        let humidity = relativeHumidity.map { min(100, max(0, $0)) }
        func linear(_ rh: Double) -> Double { 0.524 * x - 0.0862 * rh + 5.75 }
        let quadratic = 4.21e-4 * x * x + 0.392 * x + 3.44
        switch self {
        case .none:
            return CorrectedPM25(value: x, correction: .none, note: nil)
        case .epa2021:
            guard let humidity else { return .uncorrected(x, wanted: self) }
            return CorrectedPM25(value: max(0, linear(humidity)), correction: self, note: nil)
        case .epa2022Smoke:
            if x >= 611 {
                return CorrectedPM25(value: quadratic, correction: self, note: nil)
            }
            guard let humidity else { return .uncorrected(x, wanted: self) }
            if x < 570 {
                return CorrectedPM25(value: max(0, linear(humidity)), correction: self, note: nil)
            }
            let blend = 0.0244 * x - 13.9
            let value = blend * quadratic + (1 - blend) * linear(humidity)
            return CorrectedPM25(value: max(0, value), correction: self, note: nil)
        }
    }
}

/// A PM2.5 value after a correction, with the correction that produced it.
public struct CorrectedPM25: Sendable, Hashable {
    /// The corrected concentration, µg/m³.
    public let value: Double
    /// The correction that ran (``PM25Correction/none`` when a wanted one could not).
    public let correction: PM25Correction
    /// Why the wanted correction did not run, when it did not.
    public let note: String?

    static func uncorrected(_ value: Double, wanted: PM25Correction) -> CorrectedPM25 {
        CorrectedPM25(
            value: value, correction: .none,
            note: "\(wanted.rawValue) needs relative humidity; none is available, so the value is uncorrected")
    }
}
