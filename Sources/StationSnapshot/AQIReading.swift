public import AirQuality
public import FoundationEssentials

/// Which averaging the reported AQI rests on. Raw values are the JSON strings.
public enum AQIBasis: String, Sendable, CaseIterable, Hashable {
    /// The EPA NowCast over the last 12 hours (what AirNow reports).
    case nowcast
    /// The 24-hour mean (the EPA's standard PM averaging).
    case average24h = "24h"
    /// The latest reading on the 24-hour table (a first indication before there are hours).
    case instant
}

/// The AQI the station reports.
public struct AQIReading: Sendable, Hashable {
    /// The index (may exceed 500 "beyond the AQI").
    public var value: Int
    /// Local sensor or Open-Meteo (AirQuality's ``AirQuality/AQISource``; never `.none` for a reading).
    public var source: AQISource
    /// The averaging behind it.
    public var basis: AQIBasis
    /// The pollutant responsible (the largest sub-index).
    public var pollutant: Pollutant
    /// Whether the concentration is above the top breakpoint.
    public var isBeyondIndex: Bool

    /// A reading from its values.
    public init(value: Int, source: AQISource, basis: AQIBasis, pollutant: Pollutant, isBeyondIndex: Bool = false) {
        self.value = value
        self.source = source
        self.basis = basis
        self.pollutant = pollutant
        self.isBeyondIndex = isBeyondIndex
    }

    /// The reading of an overall index (the responsible sub-index names the pollutant).
    public init(_ index: OverallIndex, source: AQISource, basis: AQIBasis) {
        self.init(
            value: index.value, source: source, basis: basis, pollutant: index.responsible.pollutant,
            isBeyondIndex: index.responsible.isBeyondIndex)
    }

    /// The reading of one sub-index; nil when it has no value.
    public init?(_ index: SubIndex, source: AQISource, basis: AQIBasis) {
        guard let value = index.value else { return nil }
        self.init(value: value, source: source, basis: basis, pollutant: index.pollutant, isBeyondIndex: index.isBeyondIndex)
    }

    /// The Breeze level.
    public var level: AQILevel { AQILevel(index: value) }
    /// The EPA category.
    public var epaCategory: EPACategory { EPACategory(index: value) }
}

/// The station's own indices for the responsible pollutant, each nil when it cannot be computed yet.
public struct LocalIndices: Sendable, Hashable {
    /// The latest reading on the 24-hour table.
    public var instant: Int?
    /// The NowCast.
    public var nowcast: Int?
    /// The 24-hour mean.
    public var average24h: Int?

    /// Indices.
    public init(instant: Int? = nil, nowcast: Int? = nil, average24h: Int? = nil) {
        self.instant = instant
        self.nowcast = nowcast
        self.average24h = average24h
    }
}

/// One hour of the chart.
public struct HourlyAQI: Sendable, Hashable {
    /// The start of the hour.
    public var start: Date
    /// The hour's AQI (NowCast or hourly); nil for a missing hour.
    public var aqi: Int?
    /// The hour's PM2.5 mean, µg/m³.
    public var pm2_5: Double?

    /// An hour.
    public init(start: Date, aqi: Int?, pm2_5: Double? = nil) {
        self.start = start
        self.aqi = aqi
        self.pm2_5 = pm2_5
    }
}

