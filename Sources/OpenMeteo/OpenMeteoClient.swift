public import Clocks
public import HTTPClient
import JSON

/// The Open-Meteo services over an ``HTTPTransport``: one method per question, each one request (the
/// climate history makes several, see ``ClimateService``). Errors say which service failed and why.
public struct OpenMeteoClient: Sendable {
    /// Where the requests go.
    public let endpoints: OpenMeteoEndpoints
    private let transport: any HTTPTransport
    /// The station's clock: a model time more than ``PlausibleRanges/futureSlack`` after it is rejected.
    /// Without one only the fixed bounds apply (2013 to 2100).
    private let clock: (any StationClock)?

    /// A client sending through `transport` (normally a ``RetryingHTTPTransport`` over a ``CurlHTTPClient``).
    public init(
        transport: any HTTPTransport, endpoints: OpenMeteoEndpoints = .publicDefaults, clock: (any StationClock)? = nil
    ) {
        self.transport = transport
        self.endpoints = endpoints
        self.clock = clock
    }

    /// Current air quality at `place`, with the hourly PM of yesterday and today.
    public func currentAirQuality(at place: GeoCoordinate) async throws(OpenMeteoError) -> AirQualityReading {
        let service = "air quality"
        let response = try await send(OpenMeteoRequests.currentAirQuality(endpoints, at: place), service: service)
        return try AirQualityReading.parse(response, now: clock?.now)
    }

    /// Current air quality of every place in one request, matched by position. No places, no request.
    public func cities(_ places: [NamedPlace]) async throws(OpenMeteoError) -> CitiesAirQuality {
        guard !places.isEmpty else { return CitiesAirQuality(cities: []) }
        let service = "cities"
        let response = try await send(OpenMeteoRequests.cities(endpoints, places.map(\.coordinate)), service: service)
        return try CitiesAirQuality.parse(response, places: places, now: clock?.now)
    }

    /// Places named like `name` (up to 5, English names). A name shorter than 2 characters (after trimming
    /// spaces) returns nothing, without a request.
    public func searchPlaces(_ name: String) async throws(OpenMeteoError) -> [PlaceCandidate] {
        let trimmed = name.trimmingWhitespace
        guard trimmed.count >= 2 else { return [] }
        let service = "geocoding"
        let response = try await send(OpenMeteoRequests.search(endpoints, name: trimmed), service: service)
        return try PlaceCandidate.decode(OpenMeteoResponse.object(response, service: service), service: service)
    }

    /// Which API a daily value comes from.
    public enum DailySource: Sendable {
        /// The historical archive (ERA5 and successors; lags real time by days).
        case archive
        /// The forecast (for today).
        case forecast
    }

    /// The daily maximum 2 m temperature at `place` on `day`, °C; nil when the API has no value (`null`).
    public func dailyMaximumTemperature(at place: GeoCoordinate, on day: CivilDate, from source: DailySource)
        async throws(OpenMeteoError) -> Double?
    {
        let (endpoint, service) = source == .archive ? (endpoints.archive, "archive") : (endpoints.forecast, "forecast")
        let response = try await send(
            OpenMeteoRequests.dailyMaximumTemperature(endpoint, at: place, on: day), service: service)
        let document = try OpenMeteoResponse.object(response, service: service)
        guard let daily = document["daily"],
            let values = try daily.numbers(
                "temperature_2m_max", in: PlausibleRanges.temperature, path: "daily", service: service)
        else {
            throw OpenMeteoResponse.invalid(service, "the answer has no `daily.temperature_2m_max`")
        }
        return values.first ?? nil
    }

    /// Today's pollen at `place`: from the pollen proxy when one is configured, else Open-Meteo's own
    /// pollen variables.
    public func pollen(at place: GeoCoordinate) async throws(OpenMeteoError) -> PollenReport {
        if let proxy = endpoints.pollenProxy {
            let service = "pollen proxy"
            let response = try await send(OpenMeteoRequests.pollenProxy(proxy, at: place), service: service)
            return try GooglePollenResponse.decode(OpenMeteoResponse.object(response, service: service), service: service)
        }
        let service = "pollen"
        let response = try await send(OpenMeteoRequests.pollen(endpoints, at: place), service: service)
        return try OpenMeteoPollen.decode(OpenMeteoResponse.object(response, service: service), service: service)
    }

    /// The forecast model's current relative humidity at `place`.
    public func humidity(at place: GeoCoordinate) async throws(OpenMeteoError) -> HumidityReading {
        let service = "humidity"
        let response = try await send(OpenMeteoRequests.humidity(endpoints, at: place), service: service)
        return try HumidityReading.decode(OpenMeteoResponse.object(response, service: service), service: service)
    }

    private func send(_ request: HTTPRequest, service: String) async throws(OpenMeteoError) -> HTTPResponse {
        do {
            return try await transport.send(request)
        } catch {
            throw OpenMeteoResponse.transportError(error, service: service)
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[start...end])
    }
}
