public import FoundationEssentials
import POSIX

/// The climate history of today's date: the daily maximum temperature in 1980, 1990, 2000, 2010, 2020 and
/// this year, fetched concurrently. Past years come from the permanent cache once fetched; a year that
/// fails is kept in the result with its error, and the others still count.
public struct ClimateService: Sendable {
    private let client: OpenMeteoClient
    private let cache: any ClimateCache

    /// A service fetching through `client` and keeping past years in `cache`.
    public init(client: OpenMeteoClient, cache: any ClimateCache) {
        self.client = client
        self.cache = cache
    }

    /// The history of the date `now` falls on at the place (its local calendar at `utcOffset` seconds).
    public func history(at place: GeoCoordinate, now: Date, utcOffset: Int) async -> ClimateHistory {
        await history(at: place, today: CivilDate(now, utcOffset: utcOffset))
    }

    /// The history of `today`'s month and day at `place`.
    public func history(at place: GeoCoordinate, today: CivilDate) async -> ClimateHistory {
        let years = ClimateHistory.referenceYears.filter { $0 < today.year } + [today.year]
        let results = await withTaskGroup(of: ClimateYear.self) { group in
            for year in years {
                group.addTask { await self.year(year, of: today, at: place) }
            }
            var collected: [ClimateYear] = []
            for await result in group { collected.append(result) }
            return collected.sorted { $0.year < $1.year }
        }
        var fresh: [ClimateCacheKey: Double] = [:]
        for result in results where result.year < today.year && result.source == .archive {
            if let value = result.temperatureMax { fresh[ClimateCacheKey(place: place, date: result.date)] = value }
        }
        // A file-backed cache fsyncs its rewrite: on a thread of its own, never the cooperative pool.
        let cache = self.cache
        let entries = fresh
        await DedicatedThread.run(name: "climate-cache") { cache.store(entries) }
        return ClimateHistory(today: today, place: place, years: results)
    }

    private func year(_ year: Int, of today: CivilDate, at place: GeoCoordinate) async -> ClimateYear {
        let date = today.inYear(year)
        let isPast = year < today.year
        if isPast, let cached = cache.temperatureMax(for: ClimateCacheKey(place: place, date: date)) {
            return ClimateYear(year: year, date: date, temperatureMax: cached, source: .cache, error: nil)
        }
        var problem: String
        do {
            if let value = try await client.dailyMaximumTemperature(at: place, on: date, from: .archive) {
                return ClimateYear(year: year, date: date, temperatureMax: value, source: .archive, error: nil)
            }
            problem = "the archive has no value for \(date)"
        } catch {
            problem = error.description
        }
        guard !isPast else {
            return ClimateYear(year: year, date: date, temperatureMax: nil, source: .none, error: problem)
        }
        // The archive lags real time by days: today's value comes from the forecast.
        do {
            if let value = try await client.dailyMaximumTemperature(at: place, on: date, from: .forecast) {
                return ClimateYear(year: year, date: date, temperatureMax: value, source: .forecast, error: nil)
            }
            problem += "; the forecast has no value either"
        } catch {
            problem += "; \(error.description)"
        }
        return ClimateYear(year: year, date: date, temperatureMax: nil, source: .none, error: problem)
    }
}
