import AirQuality
import Clocks
import Diagnostics
import Foundation
import HTTPClient
import JSON
import OpenMeteo
import OpenMeteoTestSupport
import Testing
import ClocksTestSupport

/// The services through the real libcurl client against a loopback server playing Open-Meteo.
@Suite("Open-Meteo services on loopback")
struct LoopbackServiceTests {
    let berlin = GeoCoordinate(latitude: 52.52, longitude: 13.41)!

    @Test("current air quality, single location")
    func current() async throws {
        let stack = try LoopbackStack()
        let reading = try await stack.client.currentAirQuality(at: berlin)
        #expect(reading.usAQIPM25 == 61)
        #expect(reading.hourly.count == 48)
        let request = try #require(stack.fake.requests(to: "/v1/air-quality").first)
        #expect(request.query["timezone"] == "auto")
        #expect(request.query["current"]?.contains("us_aqi_pm2_5") == true)
    }

    @Test("several cities in one request, matched by position")
    func cities() async throws {
        let stack = try LoopbackStack()
        let places = (0..<4).map { NamedPlace(name: "City \($0)", coordinate: GeoCoordinate(latitude: 10 + Double($0), longitude: 20)!) }
        let result = try await stack.client.cities(places)
        #expect(result.cities.map(\.usAQI) == [40, 55, 70, 85])
        #expect(result.cities.map(\.place.name) == places.map(\.name))
        #expect(stack.fake.requests(to: "/v1/air-quality").count == 1)
        #expect(stack.fake.requests(to: "/v1/air-quality").first?.query["latitude"] == "10,11,12,13")
        let single = try await stack.client.cities([places[0]])
        #expect(single.cities.map(\.usAQI) == [40])
    }

    @Test("geocoding")
    func geocoding() async throws {
        let stack = try LoopbackStack()
        let candidates = try await stack.client.searchPlaces("Berlin")
        #expect(candidates.map(\.countryCode) == ["DE", "US", "US", "US", "US"])
        #expect(try await stack.client.searchPlaces("Atlantis").isEmpty)
        #expect(stack.fake.requests(to: "/v1/search").map { $0.query["count"] } == ["5", "5"])
    }

    @Test("pollen from Open-Meteo and from the proxy")
    func pollen() async throws {
        let plain = try LoopbackStack()
        #expect(try await plain.client.pollen(at: berlin).source == .openMeteo)
        let proxied = try LoopbackStack(pollenProxy: true)
        let report = try await proxied.client.pollen(at: berlin)
        #expect(report.source == .pollenProxy)
        #expect(report.items.contains { $0.name == "Graminales" })
        #expect(proxied.fake.requests(to: FakeOpenMeteo.pollenProxyPath).first?.query["lat"] == "52.52")
    }

    @Test("humidity")
    func humidity() async throws {
        let stack = try LoopbackStack()
        #expect(try await stack.client.humidity(at: berlin).relativeHumidity == 81)
        #expect(stack.fake.requests(to: "/v1/forecast").count == 1)
    }

    @Test("climate: six years fetched concurrently, the trend per decade, past years cached")
    func climate() async throws {
        let stack = try LoopbackStack()
        let cache = InMemoryClimateCache()
        let service = ClimateService(client: stack.client, cache: cache)
        let today = CivilDate(year: 2026, month: 6, day: 15)!
        let history = await service.history(at: berlin, today: today)
        #expect(history.years.map(\.year) == [1980, 1990, 2000, 2010, 2020, 2026])
        #expect(history.years.map(\.temperatureMax) == [20.0, 20.3, 20.6, 20.9, 21.2, 21.4])
        #expect(history.years.map(\.source) == [.archive, .archive, .archive, .archive, .archive, .archive])
        #expect(history.isComplete)
        let trend = try #require(history.changePerDecade)
        #expect(abs(trend - 0.3) < 0.02)
        #expect(cache.count == 5)
        let requested = Set(stack.fake.requests(to: "/v1/archive").compactMap { $0.query["start_date"] })
        #expect(requested == ["1980-06-15", "1990-06-15", "2000-06-15", "2010-06-15", "2020-06-15", "2026-06-15"])

        let again = await service.history(at: berlin, today: today)
        #expect(again.years.map(\.source) == [.cache, .cache, .cache, .cache, .cache, .archive])
        #expect(stack.fake.requests(to: "/v1/archive").count == 7)
        #expect(again.json["change_per_decade"] == history.json["change_per_decade"])
    }

    @Test("climate: failing years are kept with their error, the others still count")
    func climatePartial() async throws {
        let stack = try LoopbackStack(attempts: 1)
        stack.fake.failArchive(years: [1990, 2010])
        let cache = InMemoryClimateCache()
        let history = await ClimateService(client: stack.client, cache: cache)
            .history(at: berlin, today: CivilDate(year: 2026, month: 6, day: 15)!)
        #expect(history.years.count == 6)
        #expect(history.years.map { $0.temperatureMax != nil } == [true, false, true, false, true, true])
        #expect(history.years[1].source == .none)
        #expect(history.years[1].error?.contains("HTTP 500") == true)
        #expect(!history.isComplete)
        #expect(history.changePerDecade != nil)
        #expect(cache.count == 3)
        #expect(history.json["complete"] == false)
        #expect(keys(history.json) == [
            "date", "latitude", "longitude", "variable", "unit", "years", "change_per_decade", "complete",
        ])
        guard case .array(let years)? = history.json["years"] else { Issue.record("no years"); return }
        #expect(keys(years[0]) == ["year", "date", "temperature_max", "source", "error"])
    }

    @Test("climate: the current year comes from the forecast while the archive has no value yet")
    func climateForecast() async throws {
        let stack = try LoopbackStack()
        stack.fake.nullArchive(years: [2026])
        let history = await ClimateService(client: stack.client, cache: InMemoryClimateCache())
            .history(at: berlin, today: CivilDate(year: 2026, month: 6, day: 15)!)
        #expect(history.years.last?.source == .forecast)
        #expect(history.years.last?.temperatureMax == 23.4)
        #expect(stack.fake.requests(to: "/v1/forecast").first?.query["start_date"] == "2026-06-15")
    }

    @Test("climate: everything unreachable still gives a result, every year with its error")
    func climateOffline() async throws {
        let refusing = try #require(RefusedLoopbackPort())
        defer { withExtendedLifetime(refusing) {} }
        let endpoints = OpenMeteoEndpoints.under("http://127.0.0.1:\(refusing.port)")
        let client = OpenMeteoClient(transport: try CurlHTTPClient(), endpoints: endpoints)
        let history = await ClimateService(client: client, cache: InMemoryClimateCache())
            .history(at: berlin, today: CivilDate(year: 2026, month: 6, day: 15)!)
        #expect(history.years.count == 6)
        #expect(history.years.allSatisfy { $0.temperatureMax == nil && $0.error?.contains("connection refused") == true })
        #expect(history.changePerDecade == nil)
    }

    @Test("climate: 29 February in common years asks for 28 February")
    func climateLeapDay() async throws {
        let stack = try LoopbackStack()
        let history = await ClimateService(client: stack.client, cache: InMemoryClimateCache())
            .history(at: berlin, today: CivilDate(year: 2028, month: 2, day: 29)!)
        #expect(history.years.map(\.date.description) == [
            "1980-02-29", "1990-02-28", "2000-02-29", "2010-02-28", "2020-02-29", "2028-02-29",
        ])
    }
}

/// Every fault ends in a clear error, and a refreshing service keeps its last good value, marked with the
/// error and its age; nothing crashes or hangs.
@Suite("Faults of the loopback Open-Meteo")
struct FaultTests {
    let berlin = GeoCoordinate(latitude: 52.52, longitude: 13.41)!

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let fault: FakeOpenMeteo.Fault
        let kind: OpenMeteoError.Kind
        let fragment: String
        /// Requests the client makes for one refresh (3 when retried).
        let requests: Int
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "500s", fault: .status(500), kind: .serverError, fragment: "HTTP 500: upstream trouble", requests: 3),
        Case(
            name: "400 with an error body", fault: .errorBody(400, reason: "Cannot initialize WeatherVariable from invalid String value pm3"),
            kind: .rejected, fragment: "HTTP 400: Cannot initialize WeatherVariable", requests: 1),
        Case(name: "slower than the timeout", fault: .slow(.seconds(5)), kind: .unreachable, fragment: "timed out", requests: 3),
        Case(name: "truncated transfer", fault: .truncatedTransfer, kind: .unreachable, fragment: "transfer failed", requests: 3),
        Case(name: "truncated JSON", fault: .truncatedJSON, kind: .invalidResponse, fragment: "not valid JSON", requests: 1),
        Case(name: "malformed body", fault: .malformed, kind: .invalidResponse, fragment: "not valid JSON", requests: 1),
        Case(name: "body over the size limit", fault: .oversized(300_000), kind: .unreachable, fragment: "larger than the limit", requests: 1),
        Case(name: "connection dropped", fault: .dropConnection, kind: .unreachable, fragment: "transfer failed", requests: 3),
    ]

    @Test("each fault: a clear error; the cached value survives with its age; recovery clears the error", arguments: cases)
    func fault(_ testCase: Case) async throws {
        let stack = try LoopbackStack(timeout: .milliseconds(1500), maximumResponseBytes: 100_000)
        let clock = ManualClock(start: OpenMeteoFixtures.currentTime)
        let (logger, sink) = testLogger()
        let refresh = PeriodicRefresh(name: "air quality", interval: .seconds(900), clock: clock, logger: logger) {
            try await stack.client.currentAirQuality(at: berlin)
        }
        let first = await refresh.refresh()
        #expect(first.value?.usAQI == 72)
        #expect(first.error == nil)

        stack.fake.inject(testCase.fault, path: "/v1/air-quality", times: testCase.requests)
        let error = await #expect(throws: OpenMeteoError.self) { try await stack.client.currentAirQuality(at: berlin) }
        #expect(error?.kind == testCase.kind)
        #expect(error?.message.contains(testCase.fragment) == true, "\(error?.description ?? "")")
        #expect(stack.fake.requests(to: "/v1/air-quality").count == 1 + testCase.requests)

        stack.fake.inject(testCase.fault, path: "/v1/air-quality", times: testCase.requests)
        clock.advance(by: .seconds(600))
        let failed = await refresh.refresh()
        #expect(failed.value?.usAQI == 72)
        #expect(failed.error?.contains(testCase.fragment) == true)
        #expect(failed.age(at: clock.now) == 600)
        let json = failed.json(now: clock.now)
        #expect(json["available"] == true)
        #expect(json["age_s"] == 600)
        #expect(json["error"] != .null)
        #expect(sink.lines.contains { $0.contains("air quality:") && $0.contains(testCase.fragment) })

        let recovered = await refresh.refresh()
        #expect(recovered.error == nil)
        #expect(recovered.age(at: clock.now) == 0)
    }

    @Test("an unreachable server: unavailable with the error, no value, nothing blocks")
    func offline() async throws {
        let refusing = try #require(RefusedLoopbackPort())
        defer { withExtendedLifetime(refusing) {} }
        let endpoints = OpenMeteoEndpoints.under("http://127.0.0.1:\(refusing.port)")
        let client = OpenMeteoClient(transport: try CurlHTTPClient(), endpoints: endpoints)
        let clock = ManualClock()
        let refresh = PeriodicRefresh(name: "air quality", interval: .seconds(900), clock: clock, logger: testLogger().0) {
            try await client.currentAirQuality(at: berlin)
        }
        let state = await refresh.refresh()
        #expect(state.value == nil)
        #expect(state.error?.contains("connection refused") == true)
        let json = state.json(now: clock.now)
        #expect(json["available"] == false)
        #expect(json["age_s"] == .null)
        #expect(json["us_aqi"] == .null)
        #expect(state.referenceSnapshot.reading == nil)
        #expect(state.referenceSnapshot.error?.contains("connection refused") == true)
    }
}
