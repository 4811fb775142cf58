public import Clocks
import Diagnostics
public import OpenMeteo

/// The station's coordinates for every Open-Meteo service: given in the configuration, or `station.place`
/// looked up once (remembered in the state directory) and shared. A failed lookup is thrown to the caller,
/// whose refresh schedule retries; the pipeline is told the place and any error.
public actor PlaceLocator {
    private let location: StationLocation
    private let resolver: PlaceResolver?
    private let clock: any StationClock
    private let pipeline: StationPipeline
    private var resolved: GeoCoordinate?
    private var lookup: Task<GeoCoordinate, any Error>?

    /// A locator for `location`; `resolver` looks up a place name.
    public init(location: StationLocation, resolver: PlaceResolver?, clock: any StationClock, pipeline: StationPipeline) {
        self.location = location
        self.resolver = resolver
        self.clock = clock
        self.pipeline = pipeline
        if case .coordinates(let coordinate) = location { resolved = coordinate }
    }

    /// The coordinates; looks the place up the first time (concurrent callers share one lookup).
    public func coordinate() async throws -> GeoCoordinate {
        if let resolved { return resolved }
        guard case .place(let name) = location, let resolver else {
            throw LocationError(message: "the station has no location")
        }
        if let lookup { return try await lookup.value }
        let task = Task { [clock] in try await resolver.resolve(name, now: clock.now).candidate.coordinate }
        lookup = task
        do {
            let coordinate = try await task.value
            resolved = coordinate
            lookup = nil
            pipeline.update {
                $0.coordinate = coordinate
                $0.locationError = nil
            }
            return coordinate
        } catch {
            lookup = nil
            let message = "cannot resolve station.place \"\(name)\": \(error)"
            pipeline.update { $0.locationError = message }
            throw LocationError(message: message)
        }
    }
}

/// A place name that could not be resolved.
struct LocationError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
