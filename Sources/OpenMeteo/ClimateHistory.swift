public import JSON

/// Where one year's value of the climate history came from. Raw values are the API's `source` strings.
public enum ClimateSource: String, Sendable, Hashable, Codable {
    /// Fetched from the archive API now.
    case archive
    /// Read from the permanent cache (a past year fetched before).
    case cache
    /// Today's forecast, for the current year when the archive has no value yet (it lags by days).
    case forecast
    /// No value: the fetch failed or the archive has none.
    case none
}

/// The daily maximum temperature of one year's instance of today's date.
public struct ClimateYear: Sendable, Hashable {
    /// The year.
    public let year: Int
    /// The date asked for (29 February becomes 28 February in common years).
    public let date: CivilDate
    /// Daily maximum 2 m temperature, °C; nil when unavailable.
    public let temperatureMax: Double?
    /// Where the value came from.
    public let source: ClimateSource
    /// Why there is no value, when there is none.
    public let error: String?

    /// One element of `/api/v1/climate`'s `years`.
    public var json: JSONValue {
        [
            "year": .number(Double(year)),
            "date": .string(date.description),
            "temperature_max": JSONValue(temperatureMax),
            "source": .string(source.rawValue),
            "error": JSONValue(error),
        ]
    }
}

/// Today's date in 1980, 1990, 2000, 2010, 2020 and this year, with the warming trend.
public struct ClimateHistory: Sendable, Hashable {
    /// The reference years before the current one.
    public static let referenceYears = [1980, 1990, 2000, 2010, 2020]

    /// Today, in the place's local calendar.
    public let today: CivilDate
    /// Where.
    public let place: GeoCoordinate
    /// One entry per year, oldest first; failed years are kept with their error.
    public let years: [ClimateYear]

    /// A history.
    public init(today: CivilDate, place: GeoCoordinate, years: [ClimateYear]) {
        self.today = today
        self.place = place
        self.years = years
    }

    /// Whether every year has a value.
    public var isComplete: Bool { years.allSatisfy { $0.temperatureMax != nil } }

    /// The least-squares trend of the available years, °C per decade; nil with fewer than two years.
    ///
    /// A fitted slope, not last-minus-first: one unusually hot or cold day at either end moves it less.
    public var changePerDecade: Double? {
        let points = years.compactMap { year in year.temperatureMax.map { (Double(year.year), $0) } }
        guard points.count >= 2 else { return nil }
        let count = Double(points.count)
        let meanX = points.reduce(0) { $0 + $1.0 } / count
        let meanY = points.reduce(0) { $0 + $1.1 } / count
        let sxx = points.reduce(0) { $0 + ($1.0 - meanX) * ($1.0 - meanX) }
        let sxy = points.reduce(0) { $0 + ($1.0 - meanX) * ($1.1 - meanY) }
        guard sxx > 0 else { return nil }
        return sxy / sxx * 10
    }

    /// The body of `/api/v1/climate` (see docs/openmeteo.md).
    public var json: JSONValue {
        [
            "date": .string(CivilDate.pad(today.month, 2) + "-" + CivilDate.pad(today.day, 2)),
            "latitude": .number(place.latitude),
            "longitude": .number(place.longitude),
            "variable": "temperature_2m_max",
            "unit": "°C",
            "years": .array(years.map(\.json)),
            "change_per_decade": JSONValue(changePerDecade.map { ($0 * 100).rounded() / 100 }),
            "complete": .bool(isComplete),
        ]
    }
}
