public import FoundationEssentials
public import HTTPClient
public import JSON
import AirQuality

/// The current air quality of one city of the ticker.
public struct CityAirQuality: Sendable, Hashable {
    /// The configured city.
    public let place: NamedPlace
    /// The model hour of the values.
    public let time: Date?
    /// The place's time zone.
    public let timezone: String?
    /// `us_aqi` (all pollutants): what the Breeze app's ticker shows.
    public let usAQI: Int?
    /// `us_aqi_pm2_5`.
    public let usAQIPM25: Int?
    /// `us_aqi_pm10`.
    public let usAQIPM10: Int?
    /// PM2.5, µg/m³.
    public let pm25: Double?
    /// PM10, µg/m³.
    public let pm10: Double?

    /// A city's values.
    public init(
        place: NamedPlace, time: Date?, timezone: String?, usAQI: Int?, usAQIPM25: Int?, usAQIPM10: Int?, pm25: Double?,
        pm10: Double?
    ) {
        self.place = place
        self.time = time
        self.timezone = timezone
        self.usAQI = usAQI
        self.usAQIPM25 = usAQIPM25
        self.usAQIPM10 = usAQIPM10
        self.pm25 = pm25
        self.pm10 = pm10
    }

    /// One element of `/api/v1/cities`' `cities` array.
    public var json: JSONValue {
        [
            "name": .string(place.name),
            "latitude": .number(place.coordinate.latitude),
            "longitude": .number(place.coordinate.longitude),
            "time": JSONValue(time.map(OpenMeteoTime.utcText)),
            "timezone": JSONValue(timezone),
            "us_aqi": JSONValue(usAQI),
            "level": JSONValue(usAQI.map { AQILevel(index: $0).rawValue }),
            "us_aqi_pm2_5": JSONValue(usAQIPM25),
            "us_aqi_pm10": JSONValue(usAQIPM10),
            "pm2_5": JSONValue(pm25),
            "pm10": JSONValue(pm10),
        ]
    }
}

/// The cities of one batched request, in configured order.
public struct CitiesAirQuality: Sendable, Hashable {
    /// One entry per configured city, same order.
    public let cities: [CityAirQuality]

    /// A result of `cities`.
    public init(cities: [CityAirQuality]) { self.cities = cities }

    /// `{"cities": [...]}` (see docs/openmeteo.md).
    public var json: JSONValue { ["cities": .array(cities.map(\.json))] }

    /// Reads a batched answer for `places` as ``OpenMeteoClient/cities(_:)`` does (status, JSON, order,
    /// every value's range).
    public static func parse(_ response: HTTPResponse, places: [NamedPlace], now: Date? = nil)
        throws(OpenMeteoError) -> CitiesAirQuality
    {
        let service = "cities"
        return try decode(OpenMeteoResponse.documents(response, service: service), places: places, service: service, now: now)
    }

    /// Matches the answer to `places` by position: an array of as many objects (the first without
    /// `location_id`, the others with their 0-based position), or one bare object for one place.
    static func decode(_ documents: [JSONValue], places: [NamedPlace], service: String, now: Date? = nil)
        throws(OpenMeteoError) -> CitiesAirQuality
    {
        guard documents.count == places.count else {
            throw OpenMeteoResponse.invalid(
                service, "asked for \(places.count) locations, got \(documents.count) in the answer")
        }
        var cities: [CityAirQuality] = []
        for (position, (document, place)) in zip(documents, places).enumerated() {
            let locationID = document.integer("location_id") ?? 0
            guard locationID == position else {
                throw OpenMeteoResponse.invalid(
                    service, "element \(position) of the answer has location_id \(locationID); answers are out of order")
            }
            // Range-checked like the station's own reference (PlausibleRanges), naming the element.
            let ranges = PlausibleRanges.self
            let path = "[\(position)]"
            let offset =
                try document.integer("utc_offset_seconds", in: ranges.utcOffset, path: path, service: service) ?? 0
            let current = document["current"]
            let currentPath = "\(path).current"
            func aqi(_ key: String) throws(OpenMeteoError) -> Int? {
                try current?.integer(key, in: ranges.usAQI, path: currentPath, service: service)
            }
            func pm(_ key: String) throws(OpenMeteoError) -> Double? {
                try current?.number(key, in: ranges.particulate, path: currentPath, service: service)
            }
            let time = try OpenMeteoTime.date(current?["time"], utcOffset: offset)
                .map { (date: Date) throws(OpenMeteoError) -> Date in
                    try date.checked(ranges.times(now: now), field: "\(currentPath).time", service: service)
                }
            cities.append(CityAirQuality(
                place: place, time: time, timezone: document.text("timezone"), usAQI: try aqi("us_aqi"),
                usAQIPM25: try aqi("us_aqi_pm2_5"), usAQIPM10: try aqi("us_aqi_pm10"), pm25: try pm("pm2_5"),
                pm10: try pm("pm10")))
        }
        return CitiesAirQuality(cities: cities)
    }
}
