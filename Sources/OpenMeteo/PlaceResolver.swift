public import Diagnostics
public import FoundationEssentials
public import JSON
import Synchronization

/// A place name from the configuration (`station.place`), resolved to coordinates by the geocoding search.
public struct ResolvedPlace: Sendable, Hashable {
    /// The name as configured.
    public let query: String
    /// The first candidate the search returned.
    public let candidate: PlaceCandidate
    /// When it was resolved.
    public let resolvedAt: Date

    /// A resolution.
    public init(query: String, candidate: PlaceCandidate, resolvedAt: Date) {
        self.query = query
        self.candidate = candidate
        self.resolvedAt = resolvedAt
    }

    /// The stored form: `{"query": ..., "resolved_at": ..., "place": {candidate}}`.
    public var json: JSONValue {
        ["query": .string(query), "resolved_at": .string(OpenMeteoTime.utcText(resolvedAt)), "place": candidate.json]
    }

    /// Reads the stored form; nil when it is not one.
    public init?(json: JSONValue) {
        guard let query = json.text("query"), let place = json["place"], let name = place.text("name"),
            let latitude = place.number("latitude"), let longitude = place.number("longitude"),
            let coordinate = GeoCoordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        let resolvedAt = json.text("resolved_at").flatMap { text in
            OpenMeteoTime.date(local: String(text.dropLast(text.hasSuffix("Z") ? 1 : 0)), utcOffset: 0)
        }
        self.init(
            query: query,
            candidate: PlaceCandidate(
                name: name, adminArea: place.text("admin_area"), country: place.text("country"),
                countryCode: place.text("country_code"), coordinate: coordinate, elevation: place.number("elevation"),
                timezone: place.text("timezone"), population: place.integer("population")),
            resolvedAt: resolvedAt ?? Date(timeIntervalSince1970: 0))
    }

    /// Whether this resolution answers `query` (case and surrounding spaces ignored).
    public func answers(_ query: String) -> Bool {
        self.query.trimmingWhitespace.lowercased() == query.trimmingWhitespace.lowercased()
    }
}

/// Where a resolved place is remembered, so the place name is looked up once, not at every start.
public protocol ResolvedPlaceStore: Sendable {
    /// The remembered place, nil when none.
    func load() throws -> ResolvedPlace?
    /// Remembers `place`.
    func save(_ place: ResolvedPlace) throws
}

/// A resolved place in a JSON file of the state directory, e.g. `/var/lib/breeze-station/place.json`,
/// replaced atomically.
public struct FileResolvedPlaceStore: ResolvedPlaceStore {
    /// The file.
    public let path: String

    /// A store in `path`.
    public init(path: String) { self.path = path }

    public func load() throws -> ResolvedPlace? {
        guard let document = try JSONFile.read(path) else { return nil }
        guard let place = ResolvedPlace(json: document) else {
            throw JSONFile.Failure(description: "\(path) does not hold a resolved place")
        }
        return place
    }

    public func save(_ place: ResolvedPlace) throws { try JSONFile.write(place.json, to: path) }
}

/// A resolved place in memory (tests; stations without a state directory).
public final class InMemoryResolvedPlaceStore: ResolvedPlaceStore {
    private let place = Mutex<ResolvedPlace?>(nil)

    /// A store holding `initial`.
    public init(_ initial: ResolvedPlace? = nil) { place.withLock { $0 = initial } }

    public func load() throws -> ResolvedPlace? { place.withLock { $0 } }
    public func save(_ place: ResolvedPlace) throws { self.place.withLock { $0 = place } }
}

/// Resolves the configured place name once: the remembered resolution when it answers the same name,
/// otherwise the geocoding search's first candidate, which is then remembered.
public struct PlaceResolver: Sendable {
    private let client: OpenMeteoClient
    private let store: any ResolvedPlaceStore
    private let logger: Logger

    /// A resolver searching through `client` and remembering in `store`.
    public init(client: OpenMeteoClient, store: any ResolvedPlaceStore, logger: Logger) {
        self.client = client
        self.store = store
        self.logger = logger
    }

    /// The coordinates of `query`.
    ///
    /// - Throws: ``OpenMeteoError`` when the search fails (unreachable: the station retries later) or finds
    ///   nothing (`noData`: the configured name is wrong).
    public func resolve(_ query: String, now: Date) async throws(OpenMeteoError) -> ResolvedPlace {
        do {
            if let remembered = try store.load(), remembered.answers(query) { return remembered }
        } catch {
            logger.warning("cannot read the remembered place, looking it up again: \(error)")
        }
        let candidates = try await client.searchPlaces(query)
        guard let first = candidates.first else {
            throw OpenMeteoError(
                kind: .noData, service: "geocoding",
                message: "no place matches \"\(query)\"; try `breeze-station locate \"\(query)\"` or set coordinates")
        }
        let resolved = ResolvedPlace(query: query, candidate: first, resolvedAt: now)
        logger.notice(
            "resolved \"\(query)\" to \(first.label) (\(first.coordinate.latitude), \(first.coordinate.longitude))")
        do {
            try store.save(resolved)
        } catch {
            logger.warning("cannot remember the resolved place (it will be looked up again at the next start): \(error)")
        }
        return resolved
    }
}
