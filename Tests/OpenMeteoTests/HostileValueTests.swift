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

/// Values outside physical sense are refused where an answer is read, with an error naming the field and
/// the value; what is inside still parses (issue 20 §1).
@Suite("Hostile values in Open-Meteo answers")
struct HostileValueTests {
    let berlin = GeoCoordinate(latitude: 52.52, longitude: 13.41)!

    struct Case: Sendable, CustomTestStringConvertible {
        let current: [String: String]
        /// What the error must say (the field, the value as Swift writes it).
        let fragment: String
        var testDescription: String { current.map { "\($0.key)=\($0.value)" }.joined(separator: ",") }
    }

    static let rejected: [Case] = [
        Case(current: ["pm2_5": "1e19"], fragment: "`current.pm2_5` is 1e+19"),
        Case(current: ["pm2_5": "1e308"], fragment: "`current.pm2_5` is 1e+308"),
        Case(current: ["pm2_5": "1e17"], fragment: "`current.pm2_5` is 1e+17"),
        Case(current: ["pm2_5": "-1"], fragment: "`current.pm2_5` is -1.0"),
        Case(current: ["pm10": "1e19"], fragment: "`current.pm10` is 1e+19"),
        Case(current: ["ozone": "1e19"], fragment: "`current.ozone` is 1e+19"),
        Case(current: ["carbon_monoxide": "1e19"], fragment: "`current.carbon_monoxide` is 1e+19"),
        Case(current: ["nitrogen_dioxide": "-3"], fragment: "`current.nitrogen_dioxide` is -3.0"),
        Case(current: ["us_aqi": "99999"], fragment: "`current.us_aqi` is 99999.0"),
        Case(current: ["us_aqi": "-5"], fragment: "`current.us_aqi` is -5.0"),
        Case(current: ["us_aqi_pm2_5": "1e19"], fragment: "`current.us_aqi_pm2_5` is 1e+19"),
        Case(current: ["time": "\"1999-06-01T12:00\""], fragment: "`current.time` is 1999-06-01T11:00:00Z"),
    ]

    func response(_ body: String) -> HTTPResponse {
        HTTPResponse(status: 200, body: Array(body.utf8), url: "http://127.0.0.1/v1/air-quality")
    }

    @Test("implausible values are rejected naming the field and the value", arguments: rejected)
    func rejects(_ testCase: Case) throws {
        let body = OpenMeteoFixtures.currentAirQuality(replacingCurrent: testCase.current)
        #expect(body != OpenMeteoFixtures.currentAirQuality(), "the fixture was not changed")
        let error = #expect(throws: OpenMeteoError.self) {
            try AirQualityReading.parse(response(body), now: OpenMeteoFixtures.currentTime)
        }
        #expect(error?.kind == .invalidResponse)
        #expect(error?.message.contains(testCase.fragment) == true, "\(error?.description ?? "no error")")
        #expect(error?.message.contains("outside the plausible") == true)
    }

    @Test("the edges of the ranges still parse: 0, 10,000 µg/m³, AQI 0 and 10,000")
    func edges() throws {
        for values in [["pm2_5": "0", "us_aqi": "0"], ["pm2_5": "10000", "pm10": "10000", "us_aqi": "10000"]] {
            let reading = try AirQualityReading.parse(
                response(OpenMeteoFixtures.currentAirQuality(replacingCurrent: values)), now: OpenMeteoFixtures.currentTime)
            #expect(reading.pm25 == Double(values["pm2_5"] ?? ""))
            #expect(reading.usAQI == Int(values["us_aqi"] ?? ""))
        }
    }

    @Test("a model time more than 2 days after the station's clock is rejected; without a clock, 2100 is the bound")
    func futureTimes() throws {
        let body = OpenMeteoFixtures.currentAirQuality(replacingCurrent: ["time": "\"2099-01-01T00:00\""])
        let error = #expect(throws: OpenMeteoError.self) {
            try AirQualityReading.parse(response(body), now: OpenMeteoFixtures.currentTime)
        }
        #expect(error?.message.contains("`current.time` is 2098-12-31T23:00:00Z") == true, "\(error?.description ?? "")")
        let later = OpenMeteoFixtures.currentAirQuality(replacingCurrent: ["time": "\"2101-01-01T00:00\""])
        #expect(throws: OpenMeteoError.self) { try AirQualityReading.parse(response(later)) }
        // The fixture's hour, 5 h ahead of a clock (the in-process station's start) is fine.
        _ = try AirQualityReading.parse(
            response(OpenMeteoFixtures.currentAirQuality()), now: OpenMeteoFixtures.currentTime.addingTimeInterval(-5 * 3600))
    }

    @Test("hourly values and city values are range-checked too")
    func hourlyAndCities() throws {
        let hourly = OpenMeteoFixtures.currentAirQuality().replacingOccurrences(of: "\"pm10\":[18.0,", with: "\"pm10\":[1e19,")
        let error = #expect(throws: OpenMeteoError.self) { try AirQualityReading.parse(response(hourly)) }
        #expect(error?.message.contains("`hourly.pm10[0]` is 1e+19") == true, "\(error?.description ?? "")")

        let places = [NamedPlace(name: "A", coordinate: berlin), NamedPlace(name: "B", coordinate: berlin)]
        let cities = OpenMeteoFixtures.cities(latitudes: [52.52, 48.85], longitudes: [13.41, 2.35])
        _ = try CitiesAirQuality.parse(response(cities), places: places)
        let hostile = cities.replacingOccurrences(of: "\"us_aqi\":55", with: "\"us_aqi\":99999")
        #expect(hostile != cities)
        let cityError = #expect(throws: OpenMeteoError.self) { try CitiesAirQuality.parse(response(hostile), places: places) }
        #expect(cityError?.message.contains("`[1].current.us_aqi` is 99999.0") == true, "\(cityError?.description ?? "")")
    }

    @Test("over real loopback HTTP: 1e19 makes the reference unavailable with the reason; the good value stays with its age")
    func loopback() async throws {
        let stack = try LoopbackStack(timeout: .seconds(5))
        let clock = ManualClock(start: OpenMeteoFixtures.currentTime)
        let (logger, sink) = testLogger()
        let refresh = PeriodicRefresh(name: "air quality", interval: .seconds(900), clock: clock, logger: logger) {
            try await stack.client.currentAirQuality(at: berlin)
        }
        #expect(await refresh.refresh().value?.pm25 == 17.9)
        for (value, fragment) in [("1e19", "1e+19"), ("1e308", "1e+308"), ("-1", "-1.0")] {
            stack.fake.inject(
                .json(OpenMeteoFixtures.currentAirQuality(replacingCurrent: ["pm2_5": value])), path: "/v1/air-quality",
                times: 1)
            clock.advance(by: .seconds(60))
            let failed = await refresh.refresh()
            #expect(failed.value?.pm25 == 17.9)
            #expect(failed.error?.contains("`current.pm2_5` is \(fragment)") == true, "\(failed.error ?? "no error")")
            #expect(failed.referenceSnapshot.reading?.usAQI == 72)
            #expect(failed.json(now: clock.now)["age_s"] != .null)
        }
        #expect(sink.lines.contains { $0.contains("`current.pm2_5` is 1e+19") })
    }
}
