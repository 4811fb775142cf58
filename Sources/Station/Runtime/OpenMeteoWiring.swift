import AirQuality
import Clocks
import Diagnostics
import FoundationEssentials
import HTTPClient
import Lifecycle
import OpenMeteo

/// The Open-Meteo services of a configuration, each refreshed on its own task: the reference (current air
/// quality at the station's place), the cities, pollen, the climate history of today's date, and the
/// humidity the EPA corrections need. Every answer goes into the pipeline, which republishes.
struct OpenMeteoWiring {
    /// How often pollen is fetched (Open-Meteo's pollen model and Google's forecast change daily).
    static let pollenInterval: Duration = .seconds(3 * 3600)
    /// How often the climate history is fetched (past years come from the cache; today's maximum moves). An
    /// hour also bounds how long "today" stays yesterday after local midnight.
    static let climateInterval: Duration = .seconds(3600)

    let configuration: StationConfiguration
    let environment: StationEnvironment
    let pipeline: StationPipeline
    let publisher: StationPublisher
    let logger: Logger

    /// The services, and the libcurl client to shut down at the end (nil when none was made).
    func services() -> (services: [any Service], client: CurlHTTPClient?) {
        let settings = pipeline.settings
        guard settings.referenceEnabled || settings.citiesEnabled || settings.placeServicesEnabled else { return ([], nil) }
        let clock = environment.clock
        var curl: CurlHTTPClient?
        let transport: any HTTPTransport
        if let given = environment.openMeteoTransport {
            transport = given
        } else {
            do {
                let client = try CurlHTTPClient(options: configuration.openMeteo.httpOptions)
                curl = client
                transport = RetryingHTTPTransport(wrapping: client, clock: clock, logger: logger.child("http"))
            } catch {
                logger.error("Open-Meteo is unavailable: cannot start the HTTP client: \(error)")
                pipeline.update { $0.locationError = "the HTTP client could not start: \(error)" }
                return ([], nil)
            }
        }
        let client = OpenMeteoClient(transport: transport, endpoints: configuration.openMeteo.endpoints, clock: clock)
        var resolver: PlaceResolver?
        if case .place = configuration.station.location {
            resolver = PlaceResolver(
                client: client, store: FileResolvedPlaceStore(path: configuration.storage.stateFile("place.json")),
                logger: logger)
        }
        let locator = PlaceLocator(
            location: configuration.station.location, resolver: resolver, clock: clock, pipeline: pipeline)
        let interval = configuration.openMeteo.interval
        var services: [any Service] = []
        let pipeline = self.pipeline

        if settings.referenceEnabled {
            services.append(service("reference", interval) {
                try await client.currentAirQuality(at: try await locator.coordinate())
            } onUpdate: { cache in
                pipeline.update { state in
                    state.reference = cache
                    state.referenceFetches += 1
                    if cache.error != nil { state.referenceFailures += 1 }
                }
            })
        }
        if settings.citiesEnabled {
            let cities = configuration.openMeteo.cities
            services.append(service("cities", interval) { try await client.cities(cities) } onUpdate: { cache in
                pipeline.update { $0.cities = cache }
            })
        }
        if settings.placeServicesEnabled {
            services.append(service("pollen", Self.pollenInterval) {
                try await client.pollen(at: try await locator.coordinate())
            } onUpdate: { cache in
                pipeline.update { $0.pollen = cache }
            })
            let climate = ClimateService(
                client: client,
                cache: FileClimateCache(path: configuration.storage.stateFile("climate-cache.json")) { [logger] problem in
                    logger.log(.warning, every: .seconds(3600), key: "climate-cache", "climate cache: \(problem)")
                })
            services.append(service("climate", Self.climateInterval) {
                let place = try await locator.coordinate()
                // "Today" is the place's date: Open-Meteo's offset for it once the reference has come, else the
                // board's own time zone (the station and its place normally share one), never plain UTC.
                let offset =
                    pipeline.current.reference?.value?.utcOffset ?? TimeZone.current.secondsFromGMT(for: clock.now)
                return await climate.history(at: place, now: clock.now, utcOffset: offset)
            } onUpdate: { cache in
                pipeline.update { $0.climate = cache }
            })
            if settings.correction != .none {
                services.append(service("humidity", interval) {
                    try await client.humidity(at: try await locator.coordinate())
                } onUpdate: { cache in
                    pipeline.update { $0.humidity = cache }
                })
            }
        }
        return (services, curl)
    }

    /// A refresh of `fetch` every `interval`, its results put into the pipeline and republished.
    private func service<Value: Sendable>(
        _ name: String, _ interval: Duration, fetch: @escaping @Sendable () async throws -> Value,
        onUpdate: @escaping @Sendable (CachedValue<Value>) -> Void
    ) -> any Service {
        let refresh = PeriodicRefresh(
            name: name, interval: interval, clock: environment.clock, logger: logger, fetch: fetch)
        let publisher = self.publisher
        return RefreshService(refresh) { cache in
            onUpdate(cache)
            publisher.refresh()
        }
    }
}
