/// The air-quality indices the station can compute from its PM2.5 and PM10 readings.
///
/// Raw values are the names the `aqi.index` / `aqi.also` configuration keys, the `aqi --index` option, the
/// JSON API (`indices[].index`) and the metrics label `index` use.
public enum AirQualityIndexID: String, Sendable, CaseIterable, Codable, Comparable {
    /// US EPA AQI (Technical Assistance Document, May 2024), with the NowCast for real time.
    case usEPA = "us-epa"
    /// European Air Quality Index of the EEA, 2024 bands.
    case euEAQI = "eu-eaqi"
    /// UK Daily Air Quality Index (Defra, COMEAP 2011).
    case ukDAQI = "uk-daqi"
    /// Canada's AQHI+ (PM2.5 only; Environment and Climate Change Canada's wildfire-smoke index).
    case caAQHIPlus = "ca-aqhi-plus"
    /// India's National Air Quality Index (CPCB 2014).
    case inNAQI = "in-naqi"
    /// China's AQI (HJ 633-2012 IAQI).
    case cnAQI = "cn-aqi"

    /// The index's definition: tables, rules, levels and source.
    public var definition: AirQualityIndexDefinition {
        switch self {
        case .usEPA: .usEPA
        case .euEAQI: .euEAQI
        case .ukDAQI: .ukDAQI
        case .caAQHIPlus: .caAQHIPlus
        case .inNAQI: .inNAQI
        case .cnAQI: .cnAQI
        }
    }

    /// Every name, comma-separated, for messages and help.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    public static func < (lhs: AirQualityIndexID, rhs: AirQualityIndexID) -> Bool {
        (allCases.firstIndex(of: lhs) ?? 0) < (allCases.firstIndex(of: rhs) ?? 0)
    }
}
