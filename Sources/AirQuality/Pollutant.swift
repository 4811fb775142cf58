/// A pollutant that has a US AQI sub-index.
///
/// Raw values are the names the `breeze-station aqi` command and the JSON API use.
public enum Pollutant: String, Sendable, CaseIterable, Codable {
    /// Fine particulate matter, µg/m³.
    case pm2_5
    /// Coarse particulate matter, µg/m³.
    case pm10
    /// Ozone, ppm.
    case o3
    /// Carbon monoxide, ppm.
    case co
    /// Sulphur dioxide, ppb.
    case so2
    /// Nitrogen dioxide, ppb.
    case no2

    /// The unit concentrations of this pollutant are given in.
    public var unit: ConcentrationUnit {
        switch self {
        case .pm2_5, .pm10: .microgramsPerCubicMetre
        case .o3, .co: .partsPerMillion
        case .so2, .no2: .partsPerBillion
        }
    }

    /// The averaging period the EPA reports this pollutant on by default.
    public var standardAveraging: AveragingPeriod {
        switch self {
        case .pm2_5, .pm10: .twentyFourHours
        case .o3, .co: .eightHours
        case .so2, .no2: .oneHour
        }
    }

    /// The averaging periods that have an EPA breakpoint table for this pollutant.
    public var averagingPeriods: [AveragingPeriod] {
        switch self {
        case .pm2_5, .pm10: [.twentyFourHours]
        case .o3: [.eightHours, .oneHour]
        case .co: [.eightHours]
        case .so2: [.oneHour, .twentyFourHours]
        case .no2: [.oneHour]
        }
    }

    /// Human-readable name, e.g. "PM2.5".
    public var displayName: String {
        switch self {
        case .pm2_5: "PM2.5"
        case .pm10: "PM10"
        case .o3: "O₃"
        case .co: "CO"
        case .so2: "SO₂"
        case .no2: "NO₂"
        }
    }
}

/// The unit a concentration is expressed in.
public enum ConcentrationUnit: String, Sendable, Codable {
    /// Micrograms per cubic metre, written with the micro sign U+00B5.
    case microgramsPerCubicMetre = "µg/m³"
    /// Parts per million by volume.
    case partsPerMillion = "ppm"
    /// Parts per billion by volume.
    case partsPerBillion = "ppb"
}

/// The period a concentration is averaged over before the breakpoint table applies.
public enum AveragingPeriod: String, Sendable, CaseIterable, Codable {
    /// One hour.
    case oneHour = "1h"
    /// Eight hours (rolling).
    case eightHours = "8h"
    /// Twenty-four hours.
    case twentyFourHours = "24h"
    /// The EPA NowCast over the 12 most recent hourly means (PM2.5 and PM10). It is read on the 24-hour
    /// table, as AirNow does.
    case nowCast = "nowcast"

    /// The averaging period whose breakpoint table applies: the 24-hour table for the NowCast.
    public var tablePeriod: AveragingPeriod {
        self == .nowCast ? .twentyFourHours : self
    }
}
