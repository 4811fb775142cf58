public import JSON

/// One Open-Meteo service block, as `/api/v1/cities`, `/pollen`, `/climate` serve it.
public enum ServiceBlock: Sendable, Hashable {
    /// Not configured: the route answers 404.
    case notConfigured
    /// Configured, not fetched yet: 503.
    case pending
    /// The document the Open-Meteo work rendered: 200.
    case available(JSONValue)
    /// The fetch failed and nothing is kept: 503 with the error.
    case unavailable(String)
}

/// A city on the status page's ticker.
public struct CityAQI: Sendable, Hashable {
    /// The city's name.
    public var name: String
    /// Its US AQI; nil when unknown.
    public var aqi: Int?

    /// A city.
    public init(name: String, aqi: Int?) {
        self.name = name
        self.aqi = aqi
    }
}

/// The Breeze app's services on the station, pre-rendered by the Open-Meteo work.
public struct OpenMeteoServices: Sendable, Hashable {
    /// Several cities at once.
    public var cities: ServiceBlock
    /// Pollen.
    public var pollen: ServiceBlock
    /// The climate history of today's date.
    public var climate: ServiceBlock
    /// The cities for the status page's ticker (empty: no ticker).
    public var ticker: [CityAQI]

    /// Services; none configured by default.
    public init(
        cities: ServiceBlock = .notConfigured, pollen: ServiceBlock = .notConfigured,
        climate: ServiceBlock = .notConfigured, ticker: [CityAQI] = []
    ) {
        self.cities = cities
        self.pollen = pollen
        self.climate = climate
        self.ticker = ticker
    }
}
