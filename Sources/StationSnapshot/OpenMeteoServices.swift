public import FoundationEssentials
public import JSON

/// A service's answer as the snapshot holds it: the value, rendered into its document only when its route
/// is asked (`age_s` measured to the snapshot's time), never on a refresh nobody reads.
public protocol ServiceDocument: Sendable {
    /// The document at `now`.
    func json(at now: Date) -> JSONValue
}

/// A document already made (a snapshot file's) is its own value.
extension JSONValue: ServiceDocument {
    /// Itself, whatever the time.
    public func json(at now: Date) -> JSONValue { self }
}

/// One Open-Meteo service block, as `/api/v1/cities`, `/pollen`, `/climate` serve it.
public enum ServiceBlock: Sendable {
    /// Not configured: the route answers 404.
    case notConfigured
    /// Configured, not fetched yet: 503.
    case pending
    /// The service's value, rendered when the route is asked: 200.
    case available(any ServiceDocument)
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

/// The Breeze app's services on the station, as values their routes render.
public struct OpenMeteoServices: Sendable {
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
