public import AirQuality
public import FoundationEssentials
public import HTTPClient
public import JSON

/// Open-Meteo's current air quality for the station's place, with the hourly PM around now.
///
/// Values are CAMS model output for a grid cell of 10-40 km, not measurements. The AQI values are
/// Open-Meteo's: PM from the plain mean of the 24 hourly values *before* ``time`` (not a NowCast), written
/// as integers; concentrations in µg/m³ with one decimal. Any value may be missing (`null`).
public struct AirQualityReading: Sendable, Hashable {
    /// The model hour of the values (Open-Meteo's `current.time`: the current hour, rounded down).
    public let time: Date
    /// `current.time` as Open-Meteo wrote it, in the place's local time.
    public let localTime: String?
    /// The place's time zone (`timezone=auto`), e.g. `Europe/Berlin`.
    public let timezone: String?
    /// The place's offset from UTC, seconds.
    public let utcOffset: Int
    /// Latitude of the model grid cell (snapped, not the requested one).
    public let latitude: Double
    /// Longitude of the model grid cell.
    public let longitude: Double
    /// Elevation used by the model, metres.
    public let elevation: Double?
    /// US AQI over all pollutants (`us_aqi`).
    public let usAQI: Int?
    /// PM2.5 sub-index of the previous 24 hours (`us_aqi_pm2_5`).
    public let usAQIPM25: Int?
    /// PM10 sub-index of the previous 24 hours (`us_aqi_pm10`).
    public let usAQIPM10: Int?
    /// PM2.5, µg/m³.
    public let pm25: Double?
    /// PM10, µg/m³.
    public let pm10: Double?
    /// Carbon monoxide, µg/m³.
    public let carbonMonoxide: Double?
    /// Nitrogen dioxide, µg/m³.
    public let nitrogenDioxide: Double?
    /// Sulphur dioxide, µg/m³.
    public let sulphurDioxide: Double?
    /// Ozone, µg/m³.
    public let ozone: Double?
    /// Units of the `current` variables as the station writes them (µ as U+00B5), by variable name.
    public let units: [String: String]
    /// Hourly model PM (yesterday and today), oldest first.
    public let hourly: [ModelPM]

    /// `max(us_aqi_pm2_5, us_aqi_pm10)`: the PM-only 24-hour index comparable with the station's.
    public var pmAQI: Int? { reference.pmAQI }

    /// The parts reconciliation and the AQI fallback use.
    public var reference: ReferenceAirQuality {
        ReferenceAirQuality(time: time, usAQIPM25: usAQIPM25, usAQIPM10: usAQIPM10, usAQI: usAQI, hourly: hourly)
    }

    /// Reads a single-location air-quality answer as ``OpenMeteoClient/currentAirQuality(at:)`` does: the
    /// status, the JSON and every value's range. `now` is the station's clock (nil: only fixed time bounds).
    public static func parse(_ response: HTTPResponse, now: Date? = nil) throws(OpenMeteoError) -> AirQualityReading {
        let service = "air quality"
        return try decode(OpenMeteoResponse.object(response, service: service), service: service, now: now)
    }

    /// Reads one location object of an air-quality answer. Every value is range-checked
    /// (``PlausibleRanges``): one outside its range rejects the answer with an error naming the field and
    /// the value. `now` is the station's clock, which bounds how far in the future the model time may lie.
    static func decode(_ document: JSONValue, service: String, now: Date? = nil) throws(OpenMeteoError)
        -> AirQualityReading
    {
        let ranges = PlausibleRanges.self
        let offset = try document.integer("utc_offset_seconds", in: ranges.utcOffset, path: "", service: service) ?? 0
        guard let current = document["current"], case .object = current else {
            throw OpenMeteoResponse.invalid(service, "the answer has no `current` block")
        }
        guard let time = OpenMeteoTime.date(current["time"], utcOffset: offset) else {
            throw OpenMeteoResponse.invalid(service, "`current.time` is missing or not a time")
        }
        let times = ranges.times(now: now)
        _ = try time.checked(times, field: "current.time", service: service)
        guard let latitude = try document.number("latitude", in: ranges.latitude, path: "", service: service),
            let longitude = try document.number("longitude", in: ranges.longitude, path: "", service: service)
        else {
            throw OpenMeteoResponse.invalid(service, "the answer has no latitude/longitude")
        }
        var units: [String: String] = [:]
        if case .object(let pairs)? = document["current_units"] {
            for pair in pairs { if case .string(let unit) = pair.value { units[pair.key] = Units.normalised(unit) } }
        }
        func aqi(_ key: String) throws(OpenMeteoError) -> Int? {
            try current.integer(key, in: ranges.usAQI, path: "current", service: service)
        }
        func concentration(_ key: String, _ range: ClosedRange<Double>) throws(OpenMeteoError) -> Double? {
            try current.number(key, in: range, path: "current", service: service)
        }
        return AirQualityReading(
            time: time, localTime: current.text("time"), timezone: document.text("timezone"), utcOffset: offset,
            latitude: latitude, longitude: longitude,
            elevation: try document.number("elevation", in: ranges.elevation, path: "", service: service),
            usAQI: try aqi("us_aqi"), usAQIPM25: try aqi("us_aqi_pm2_5"), usAQIPM10: try aqi("us_aqi_pm10"),
            pm25: try concentration("pm2_5", ranges.particulate), pm10: try concentration("pm10", ranges.particulate),
            carbonMonoxide: try concentration("carbon_monoxide", ranges.carbonMonoxide),
            nitrogenDioxide: try concentration("nitrogen_dioxide", ranges.gas),
            sulphurDioxide: try concentration("sulphur_dioxide", ranges.gas), ozone: try concentration("ozone", ranges.gas),
            units: units, hourly: try hourlyPM(document["hourly"], utcOffset: offset, times: times, service: service))
    }

    /// The `hourly` block's `time`, `pm2_5` and `pm10` arrays as model values, range-checked like `current`.
    static func hourlyPM(
        _ block: JSONValue?, utcOffset: Int, times: ClosedRange<Date> = PlausibleRanges.times(now: nil), service: String
    ) throws(OpenMeteoError) -> [ModelPM] {
        guard let block, let list = block.list("time") else { return [] }
        let range = PlausibleRanges.particulate
        let pm25 = try block.numbers("pm2_5", in: range, path: "hourly", service: service) ?? []
        let pm10 = try block.numbers("pm10", in: range, path: "hourly", service: service) ?? []
        var result: [ModelPM] = []
        for (index, value) in list.enumerated() {
            guard let time = OpenMeteoTime.date(value, utcOffset: utcOffset) else {
                throw OpenMeteoResponse.invalid(service, "`hourly.time[\(index)]` is not a time")
            }
            result.append(ModelPM(
                time: try time.checked(times, field: "hourly.time[\(index)]", service: service),
                pm25: index < pm25.count ? pm25[index] : nil, pm10: index < pm10.count ? pm10[index] : nil))
        }
        return result
    }

    /// The reference block of `/api/v1/current` (see docs/openmeteo.md).
    public var json: JSONValue {
        let unitPairs = OpenMeteoRequests.currentVariables.compactMap { name in
            units[name].map { (key: name, value: JSONValue.string($0)) }
        }
        return [
            "source": "open-meteo",
            "time": .string(OpenMeteoTime.utcText(time)),
            "local_time": JSONValue(localTime),
            "timezone": JSONValue(timezone),
            "latitude": .number(latitude),
            "longitude": .number(longitude),
            "elevation": JSONValue(elevation),
            "aqi_averaging": "24h",
            "us_aqi": JSONValue(usAQI),
            "us_aqi_pm2_5": JSONValue(usAQIPM25),
            "us_aqi_pm10": JSONValue(usAQIPM10),
            "pm_aqi": JSONValue(pmAQI),
            "level": JSONValue(pmAQI.map { AQILevel(index: $0).rawValue }),
            "pm2_5": JSONValue(pm25),
            "pm10": JSONValue(pm10),
            "carbon_monoxide": JSONValue(carbonMonoxide),
            "nitrogen_dioxide": JSONValue(nitrogenDioxide),
            "sulphur_dioxide": JSONValue(sulphurDioxide),
            "ozone": JSONValue(ozone),
            "units": .object(unitPairs),
        ]
    }
}
