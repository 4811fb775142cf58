/// A point on the Earth in WGS 84 degrees.
public struct GeoCoordinate: Sendable, Hashable, Codable {
    /// Degrees north, -90...90.
    public let latitude: Double
    /// Degrees east, -180...180.
    public let longitude: Double

    /// A coordinate; nil when either value is out of range or not finite.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, (-90...90).contains(latitude), (-180...180).contains(longitude)
        else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// The latitude as a query value: shortest round-trip decimal, e.g. `52.52`.
    var latitudeText: String { Self.text(latitude) }
    /// The longitude as a query value.
    var longitudeText: String { Self.text(longitude) }

    static func text(_ value: Double) -> String {
        abs(value) < 1e9 ? Int(exactly: value).map { String($0) } ?? "\(value)" : "\(value)"
    }
}

/// A named place: a city of the ticker, or the station's place.
public struct NamedPlace: Sendable, Hashable, Codable {
    /// The name shown, e.g. `Berlin`.
    public let name: String
    /// Where it is.
    public let coordinate: GeoCoordinate

    /// A place.
    public init(name: String, coordinate: GeoCoordinate) {
        self.name = name
        self.coordinate = coordinate
    }
}
