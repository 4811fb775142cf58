public import HTTPClient

/// The requests the station makes, built from endpoints and parameters (pure).
public enum OpenMeteoRequests {
    /// `current` variables of the station's place (the Breeze app's list plus the PM sub-indices).
    public static let currentVariables = [
        "us_aqi", "us_aqi_pm2_5", "us_aqi_pm10", "pm10", "pm2_5", "carbon_monoxide", "nitrogen_dioxide",
        "sulphur_dioxide", "ozone", "european_aqi", "european_aqi_pm2_5", "european_aqi_pm10",
    ]
    /// `current` variables of each city of the ticker.
    public static let cityVariables = ["us_aqi", "us_aqi_pm2_5", "us_aqi_pm10", "pm2_5", "pm10"]
    /// Open-Meteo's pollen variables (CAMS Europe only; `null` elsewhere).
    public static let pollenVariables = [
        "alder_pollen", "birch_pollen", "grass_pollen", "mugwort_pollen", "olive_pollen", "ragweed_pollen",
    ]

    /// Current air quality of `place`, with the hourly PM of yesterday and today for reconciliation.
    public static func currentAirQuality(_ endpoints: OpenMeteoEndpoints, at place: GeoCoordinate) -> HTTPRequest {
        HTTPRequest(url: URLQuery.url(endpoints.airQuality, [
            ("latitude", place.latitudeText), ("longitude", place.longitudeText),
            ("current", currentVariables.joined(separator: ",")),
            ("hourly", "pm2_5,pm10"), ("past_days", "1"), ("forecast_days", "1"),
            ("timezone", "auto"),
        ]))
    }

    /// Current air quality of several places in one request: comma-separated coordinates, answered by an
    /// array in the same order (a single object for one place).
    public static func cities(_ endpoints: OpenMeteoEndpoints, _ places: [GeoCoordinate]) -> HTTPRequest {
        HTTPRequest(url: URLQuery.url(endpoints.airQuality, [
            ("latitude", places.map(\.latitudeText).joined(separator: ",")),
            ("longitude", places.map(\.longitudeText).joined(separator: ",")),
            ("current", cityVariables.joined(separator: ",")),
            ("timezone", "auto"),
        ]))
    }

    /// City search: up to 5 candidates, English names.
    public static func search(_ endpoints: OpenMeteoEndpoints, name: String) -> HTTPRequest {
        HTTPRequest(url: URLQuery.url(endpoints.geocoding, [
            ("name", name), ("count", "5"), ("language", "en"), ("format", "json"),
        ]))
    }

    /// The daily maximum temperature of one day from `endpoint` (the archive, or the forecast for a day the
    /// archive does not have yet).
    public static func dailyMaximumTemperature(_ endpoint: String, at place: GeoCoordinate, on day: CivilDate)
        -> HTTPRequest
    {
        HTTPRequest(url: URLQuery.url(endpoint, [
            ("latitude", place.latitudeText), ("longitude", place.longitudeText),
            ("start_date", day.description), ("end_date", day.description),
            ("daily", "temperature_2m_max"), ("timezone", "auto"),
        ]))
    }

    /// Open-Meteo's current pollen concentrations.
    public static func pollen(_ endpoints: OpenMeteoEndpoints, at place: GeoCoordinate) -> HTTPRequest {
        HTTPRequest(url: URLQuery.url(endpoints.airQuality, [
            ("latitude", place.latitudeText), ("longitude", place.longitudeText),
            ("current", pollenVariables.joined(separator: ",")), ("timezone", "auto"),
        ]))
    }

    /// The pollen proxy: `lat` and `lon`, as the Breeze app asks it.
    public static func pollenProxy(_ url: String, at place: GeoCoordinate) -> HTTPRequest {
        HTTPRequest(url: URLQuery.url(url, [("lat", place.latitudeText), ("lon", place.longitudeText)]))
    }

    /// Current relative humidity (and temperature) of `place` from the forecast API.
    public static func humidity(_ endpoints: OpenMeteoEndpoints, at place: GeoCoordinate) -> HTTPRequest {
        HTTPRequest(url: URLQuery.url(endpoints.forecast, [
            ("latitude", place.latitudeText), ("longitude", place.longitudeText),
            ("current", "relative_humidity_2m,temperature_2m"), ("timezone", "auto"),
        ]))
    }
}
