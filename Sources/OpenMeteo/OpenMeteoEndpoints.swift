/// The full URLs of the APIs the station calls. Every one is configurable, for tests and for self-hosted
/// Open-Meteo.
public struct OpenMeteoEndpoints: Sendable, Hashable {
    /// Air-quality API (`openmeteo.air_quality_url`).
    public var airQuality: String
    /// Geocoding search (`openmeteo.geocoding_url`).
    public var geocoding: String
    /// Historical weather archive (`openmeteo.archive_url`).
    public var archive: String
    /// Weather forecast (`openmeteo.forecast_url`).
    public var forecast: String
    /// The Breeze app's Google-Pollen-shaped proxy (`openmeteo.pollen_proxy_url`); nil uses Open-Meteo's
    /// own pollen variables.
    public var pollenProxy: String?

    /// The public Open-Meteo endpoints.
    public static let publicDefaults = OpenMeteoEndpoints(
        airQuality: "https://air-quality-api.open-meteo.com/v1/air-quality",
        geocoding: "https://geocoding-api.open-meteo.com/v1/search",
        archive: "https://archive-api.open-meteo.com/v1/archive",
        forecast: "https://api.open-meteo.com/v1/forecast",
        pollenProxy: nil)

    /// Endpoints.
    public init(airQuality: String, geocoding: String, archive: String, forecast: String, pollenProxy: String?) {
        self.airQuality = airQuality
        self.geocoding = geocoding
        self.archive = archive
        self.forecast = forecast
        self.pollenProxy = pollenProxy
    }

    /// All four Open-Meteo endpoints under one base URL, as a self-hosted instance or a test server serves
    /// them: `<base>/v1/air-quality`, `/v1/search`, `/v1/archive`, `/v1/forecast`.
    public static func under(_ base: String, pollenProxy: String? = nil) -> OpenMeteoEndpoints {
        let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
        return OpenMeteoEndpoints(
            airQuality: trimmed + "/v1/air-quality", geocoding: trimmed + "/v1/search",
            archive: trimmed + "/v1/archive", forecast: trimmed + "/v1/forecast", pollenProxy: pollenProxy)
    }
}
