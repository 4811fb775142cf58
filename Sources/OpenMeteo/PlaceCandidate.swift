public import JSON

/// One answer of the geocoding search.
public struct PlaceCandidate: Sendable, Hashable, Codable {
    /// The place name, e.g. `Berlin`.
    public let name: String
    /// The first-level administrative area (`admin1`), e.g. `Land Berlin`.
    public let adminArea: String?
    /// The country, e.g. `Germany`.
    public let country: String?
    /// ISO 3166-1 alpha-2, e.g. `DE`.
    public let countryCode: String?
    /// Where it is.
    public let coordinate: GeoCoordinate
    /// Elevation, metres.
    public let elevation: Double?
    /// IANA time zone, e.g. `Europe/Berlin`.
    public let timezone: String?
    /// Population, when known.
    public let population: Int?

    /// A candidate.
    public init(
        name: String, adminArea: String?, country: String?, countryCode: String?, coordinate: GeoCoordinate,
        elevation: Double?, timezone: String?, population: Int?
    ) {
        self.name = name
        self.adminArea = adminArea
        self.country = country
        self.countryCode = countryCode
        self.coordinate = coordinate
        self.elevation = elevation
        self.timezone = timezone
        self.population = population
    }

    /// What `breeze-station locate` prints per candidate (see docs/openmeteo.md).
    public var json: JSONValue {
        [
            "name": .string(name),
            "admin_area": JSONValue(adminArea),
            "country": JSONValue(country),
            "country_code": JSONValue(countryCode),
            "latitude": .number(coordinate.latitude),
            "longitude": .number(coordinate.longitude),
            "elevation": JSONValue(elevation),
            "timezone": JSONValue(timezone),
            "population": JSONValue(population),
        ]
    }

    /// `name, admin area, country`, without repeats (`Berlin, Land Berlin, Germany`).
    public var label: String {
        var parts = [name]
        for part in [adminArea, country].compactMap({ $0 }) where !parts.contains(part) { parts.append(part) }
        return parts.joined(separator: ", ")
    }

    /// The `results` of a search answer; an answer without `results` found nothing.
    static func decode(_ document: JSONValue, service: String) throws(OpenMeteoError) -> [PlaceCandidate] {
        guard let results = document["results"] else { return [] }
        guard case .array(let items) = results else {
            throw OpenMeteoResponse.invalid(service, "`results` is \(results.kindDescription), not an array")
        }
        var candidates: [PlaceCandidate] = []
        for (position, item) in items.enumerated() {
            guard let name = item.text("name"), let latitude = item.number("latitude"),
                let longitude = item.number("longitude"),
                let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude)
            else {
                throw OpenMeteoResponse.invalid(service, "result \(position) lacks a name or valid coordinates")
            }
            candidates.append(PlaceCandidate(
                name: name, adminArea: item.text("admin1"), country: item.text("country"),
                countryCode: item.text("country_code"), coordinate: coordinate, elevation: item.number("elevation"),
                timezone: item.text("timezone"), population: item.integer("population")))
        }
        return candidates
    }
}
