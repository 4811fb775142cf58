public import Configuration
public import JSON
public import OpenMeteo

/// Where the station is, as its configuration gives it.
public enum StationLocation: Sendable, Hashable {
    /// No location: no Open-Meteo reference, no fallback, no pollen or climate.
    case none
    /// `latitude` and `longitude`.
    case coordinates(GeoCoordinate)
    /// `place`: a name looked up once with Open-Meteo's geocoding API.
    case place(String)
}

/// The `station` section: the station's name and location (docs/configuration.md).
public struct StationSettings: Sendable, Hashable {
    /// The name used when the file gives none.
    public static let defaultName = "Breeze Station"
    /// The longest name, in characters.
    public static let maximumNameLength = 64

    /// `station.name`.
    public var name: String
    /// `station.latitude`/`longitude`, or `station.place`.
    public var location: StationLocation

    /// Settings from their values.
    public init(name: String = StationSettings.defaultName, location: StationLocation = .none) {
        self.name = name
        self.location = location
    }

    /// Reads the section (nil: the defaults); problems are recorded in it.
    public init(section: ConfigSection?) {
        self.init()
        guard let section else { return }
        if let name = section.string("name") {
            if name.count > Self.maximumNameLength {
                section.record(
                    .mismatch(
                        section.keyPath("name"), expected: "at most \(Self.maximumNameLength) characters",
                        found: "\(name.count) characters"))
            } else {
                self.name = name
            }
        }
        let latitude = section.double("latitude", in: -90...90)
        let longitude = section.double("longitude", in: -180...180)
        let place = section.string("place")
        let hasLatitude = section.contains("latitude") && section.value("latitude") != nil
        let hasLongitude = section.contains("longitude") && section.value("longitude") != nil
        if hasLatitude != hasLongitude {
            let missing = hasLatitude ? "longitude" : "latitude"
            section.record(missing, "required with \(hasLatitude ? "latitude" : "longitude"): give both, or neither")
        }
        if let place {
            if hasLatitude || hasLongitude {
                section.record("place", "give either place or latitude and longitude, not both")
            } else if place.trimmingSpaces.count < 2 {
                section.record(.mismatch(section.keyPath("place"), expected: "a place name of 2 characters or more",
                                         found: ConfigSection.describe(.string(place))))
            } else {
                location = .place(place.trimmingSpaces)
            }
        } else if let latitude, let longitude, let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude) {
            location = .coordinates(coordinate)
        }
    }

    /// The effective values: `name`, `latitude`, `longitude`, `place` (null when not given).
    public var json: JSONValue {
        var latitude: JSONValue = .null
        var longitude: JSONValue = .null
        var place: JSONValue = .null
        switch location {
        case .none: break
        case .coordinates(let coordinate):
            latitude = .number(coordinate.latitude)
            longitude = .number(coordinate.longitude)
        case .place(let name): place = .string(name)
        }
        return ["name": .string(name), "latitude": latitude, "longitude": longitude, "place": place]
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and newlines.
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
