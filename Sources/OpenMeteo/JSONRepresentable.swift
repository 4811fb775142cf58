import AirQuality
import CheckedConversions
public import FoundationEssentials
public import JSON

/// A result the HTTP endpoint serves as JSON without knowing its type.
public protocol JSONRepresentable: Sendable {
    /// The result as a JSON object (shapes in docs/openmeteo.md).
    var json: JSONValue { get }
    /// The same keys with `null` (or empty lists) for when nothing was fetched yet, so clients always see
    /// every key.
    static var unavailableJSON: JSONValue { get }
}

extension CachedValue where Value: JSONRepresentable {
    /// The status keys, then the value's keys (or the placeholder's):
    /// `{"available": true, "fetched_at": "2026-11-30T14:05:00Z", "age_s": 120, "error": null, ...}`.
    ///
    /// `available` says whether a value exists (possibly old); `error` is the last attempt's failure, set
    /// while an older value is still served.
    public func json(now: Date) -> JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [
            ("available", .bool(value != nil)),
            ("fetched_at", JSONValue(fetchedAt.map(OpenMeteoTime.utcText))),
            ("age_s", JSONValue(age(at: now).map { Int(clampingRounded: $0, .down) })),
            ("error", JSONValue(error)),
        ]
        if case .object(let body) = value?.json ?? Value.unavailableJSON {
            pairs += body.filter { pair in !pairs.contains { $0.key == pair.key } }
        }
        return .object(pairs)
    }
}

extension AirQualityReading: JSONRepresentable {
    public static var unavailableJSON: JSONValue {
        .object(
            ["source", "time", "local_time", "timezone", "latitude", "longitude", "elevation", "aqi_averaging", "us_aqi",
             "us_aqi_pm2_5", "us_aqi_pm10", "pm_aqi", "level", "pm2_5", "pm10", "carbon_monoxide", "nitrogen_dioxide",
             "sulphur_dioxide", "ozone"].map { (key: $0, value: $0 == "source" ? "open-meteo" : .null) }
                + [(key: "units", value: .object([]))])
    }
}

extension CitiesAirQuality: JSONRepresentable {
    public static var unavailableJSON: JSONValue { ["cities": []] }
}

extension ClimateHistory: JSONRepresentable {
    public static var unavailableJSON: JSONValue {
        [
            "date": nil, "latitude": nil, "longitude": nil, "variable": "temperature_2m_max", "unit": "°C", "years": [],
            "change_per_decade": nil, "complete": false,
        ]
    }
}

extension PollenReport: JSONRepresentable {
    public static var unavailableJSON: JSONValue { ["source": nil, "date": nil, "region_code": nil, "items": []] }
}

extension HumidityReading: JSONRepresentable {
    public static var unavailableJSON: JSONValue {
        ["source": "open-meteo", "time": nil, "relative_humidity": nil, "temperature": nil]
    }
}
