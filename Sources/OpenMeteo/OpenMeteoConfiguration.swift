import Clocks
import Diagnostics
public import Configuration
public import HTTPClient
public import JSON

/// The `openmeteo` section of the station's configuration file.
///
/// ```json
/// "openmeteo": {
///   "enabled": true,
///   "air_quality_url": "https://air-quality-api.open-meteo.com/v1/air-quality",
///   "geocoding_url": "https://geocoding-api.open-meteo.com/v1/search",
///   "archive_url": "https://archive-api.open-meteo.com/v1/archive",
///   "forecast_url": "https://api.open-meteo.com/v1/forecast",
///   "pollen_proxy_url": null,
///   "interval_s": 900,
///   "connect_timeout_s": 10,
///   "timeout_s": 30,
///   "cities": [{"name": "Berlin", "latitude": 52.52, "longitude": 13.41}]
/// }
/// ```
public struct OpenMeteoConfiguration: Sendable, Hashable {
    /// Whether the station talks to Open-Meteo at all (`enabled`, default true). Off: no reference, no
    /// fallback, no cities, pollen or climate; everything local keeps working.
    public var enabled: Bool
    /// The endpoint URLs (`*_url`).
    public var endpoints: OpenMeteoEndpoints
    /// Refresh interval of the current air quality and the cities (`interval_s`, 60...86400, default 900).
    public var interval: Duration
    /// Connect timeout (`connect_timeout_s`, 1...120, default 10).
    public var connectTimeout: Duration
    /// Total timeout of one request (`timeout_s`, 1...300, default 30).
    public var timeout: Duration
    /// The cities of the ticker (`cities`, at most 100).
    public var cities: [NamedPlace]

    /// Default refresh interval, seconds.
    public static let defaultIntervalSeconds = 900
    /// Allowed refresh intervals, seconds: never faster than once a minute.
    public static let intervalRange = 60...86_400
    /// Most cities in one batched request.
    public static let maximumCities = 100

    /// The defaults: enabled, public endpoints, 15 minutes, no cities.
    public init() {
        enabled = true
        endpoints = .publicDefaults
        interval = .seconds(Self.defaultIntervalSeconds)
        connectTimeout = .seconds(10)
        timeout = .seconds(30)
        cities = []
    }

    /// Reads the section (nil: all defaults), recording every problem in it; the caller's `finish()` throws
    /// them with their key paths.
    public init(section: ConfigSection?) {
        self.init()
        guard let section else { return }
        enabled = section.bool("enabled") ?? true
        endpoints.airQuality = Self.url(section, "air_quality_url") ?? endpoints.airQuality
        endpoints.geocoding = Self.url(section, "geocoding_url") ?? endpoints.geocoding
        endpoints.archive = Self.url(section, "archive_url") ?? endpoints.archive
        endpoints.forecast = Self.url(section, "forecast_url") ?? endpoints.forecast
        endpoints.pollenProxy = Self.url(section, "pollen_proxy_url")
        interval = .seconds(section.int("interval_s", in: Self.intervalRange) ?? Self.defaultIntervalSeconds)
        connectTimeout = .seconds(section.int("connect_timeout_s", in: 1...120) ?? 10)
        timeout = .seconds(section.int("timeout_s", in: 1...300) ?? 30)
        var places: [NamedPlace] = []
        for entry in section.sections("cities", maximumCount: Self.maximumCities) ?? [] {
            let name = entry.string("name")
            let latitude = entry.double("latitude", in: -90...90)
            let longitude = entry.double("longitude", in: -180...180)
            for key in ["name", "latitude", "longitude"] where !entry.contains(key) {
                entry.record(key, "missing; every city needs a name, latitude and longitude")
            }
            if let name, let latitude, let longitude, let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude) {
                places.append(NamedPlace(name: name, coordinate: coordinate))
            }
        }
        cities = places
    }

    /// The HTTP client limits these settings ask for.
    public var httpOptions: HTTPClientOptions {
        HTTPClientOptions(connectTimeout: connectTimeout, timeout: timeout)
    }

    /// The effective values, keys as in the file.
    public var json: JSONValue {
        [
            "enabled": .bool(enabled),
            "air_quality_url": .string(endpoints.airQuality),
            "geocoding_url": .string(endpoints.geocoding),
            "archive_url": .string(endpoints.archive),
            "forecast_url": .string(endpoints.forecast),
            "pollen_proxy_url": JSONValue(endpoints.pollenProxy),
            "interval_s": .number(interval.timeInterval),
            "connect_timeout_s": .number(connectTimeout.timeInterval),
            "timeout_s": .number(timeout.timeInterval),
            "cities": .array(cities.map { city in
                [
                    "name": .string(city.name), "latitude": .number(city.coordinate.latitude),
                    "longitude": .number(city.coordinate.longitude),
                ]
            }),
        ]
    }

    /// An absolute http(s) URL with a host, or nil (recorded).
    private static func url(_ section: ConfigSection, _ key: String) -> String? {
        guard let text = section.string(key) else { return nil }
        let lower = text.lowercased()
        let scheme = lower.hasPrefix("https://") ? 8 : lower.hasPrefix("http://") ? 7 : 0
        let rest = text.dropFirst(scheme)
        guard scheme > 0, let first = rest.first, first != "/", !text.contains(where: { $0 == " " || $0.isNewline })
        else {
            section.record(.mismatch(section.keyPath(key), expected: "an http:// or https:// URL", found: ConfigSection.describe(.string(URLRedaction.redact(text)))))
            return nil
        }
        return text
    }
}
