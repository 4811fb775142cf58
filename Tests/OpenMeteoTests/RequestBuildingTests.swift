import HTTPClient
import OpenMeteo
import Testing

@Suite("Open-Meteo request URLs")
struct RequestBuildingTests {
    let berlin = GeoCoordinate(latitude: 52.52, longitude: 13.41)!
    let paris = GeoCoordinate(latitude: 48.85, longitude: 2.35)!
    let endpoints = OpenMeteoEndpoints.publicDefaults

    @Test("current air quality: the variables, hourly PM of yesterday and today, timezone=auto")
    func current() {
        #expect(OpenMeteoRequests.currentAirQuality(endpoints, at: berlin).url == """
            https://air-quality-api.open-meteo.com/v1/air-quality?latitude=52.52&longitude=13.41\
            &current=us_aqi,us_aqi_pm2_5,us_aqi_pm10,pm10,pm2_5,carbon_monoxide,nitrogen_dioxide,sulphur_dioxide,ozone,european_aqi,european_aqi_pm2_5,european_aqi_pm10\
            &hourly=pm2_5,pm10&past_days=1&forecast_days=1&timezone=auto
            """)
    }

    @Test("cities: comma-separated coordinates in one request")
    func cities() {
        #expect(OpenMeteoRequests.cities(endpoints, [berlin, paris]).url == """
            https://air-quality-api.open-meteo.com/v1/air-quality?latitude=52.52,48.85&longitude=13.41,2.35\
            &current=us_aqi,us_aqi_pm2_5,us_aqi_pm10,pm2_5,pm10&timezone=auto
            """)
    }

    @Test("search: name percent-encoded, count=5, language=en")
    func search() {
        #expect(OpenMeteoRequests.search(endpoints, name: "São Paulo & co").url == """
            https://geocoding-api.open-meteo.com/v1/search?name=S%C3%A3o%20Paulo%20%26%20co&count=5&language=en&format=json
            """)
    }

    @Test("climate: one day of temperature_2m_max from the archive")
    func archive() {
        let day = CivilDate(year: 2000, month: 6, day: 15)!
        #expect(OpenMeteoRequests.dailyMaximumTemperature(endpoints.archive, at: berlin, on: day).url == """
            https://archive-api.open-meteo.com/v1/archive?latitude=52.52&longitude=13.41&start_date=2000-06-15\
            &end_date=2000-06-15&daily=temperature_2m_max&timezone=auto
            """)
    }

    @Test("pollen: Open-Meteo's six variables, or the proxy with lat/lon")
    func pollen() {
        #expect(OpenMeteoRequests.pollen(endpoints, at: berlin).url == """
            https://air-quality-api.open-meteo.com/v1/air-quality?latitude=52.52&longitude=13.41\
            &current=alder_pollen,birch_pollen,grass_pollen,mugwort_pollen,olive_pollen,ragweed_pollen&timezone=auto
            """)
        #expect(OpenMeteoRequests.pollenProxy("https://breeze.example/api/pollen", at: berlin).url
            == "https://breeze.example/api/pollen?lat=52.52&lon=13.41")
    }

    @Test("humidity from the forecast API")
    func humidity() {
        #expect(OpenMeteoRequests.humidity(endpoints, at: berlin).url == """
            https://api.open-meteo.com/v1/forecast?latitude=52.52&longitude=13.41\
            &current=relative_humidity_2m,temperature_2m&timezone=auto
            """)
    }

    @Test("an endpoint with its own query (a self-hosted instance's key) keeps it")
    func existingQuery() {
        var custom = endpoints
        custom.airQuality = "https://aq.example/v1/air-quality?apikey=abc"
        #expect(OpenMeteoRequests.cities(custom, [berlin]).url.hasPrefix("https://aq.example/v1/air-quality?apikey=abc&latitude=52.52&"))
    }

    @Test("whole-degree and negative coordinates")
    func coordinates() {
        let place = GeoCoordinate(latitude: -33, longitude: -70.6667)!
        #expect(OpenMeteoRequests.humidity(endpoints, at: place).url.contains("latitude=-33&longitude=-70.6667&"))
        #expect(GeoCoordinate(latitude: 91, longitude: 0) == nil)
        #expect(GeoCoordinate(latitude: 0, longitude: .nan) == nil)
    }

    @Test("endpoints under one base URL")
    func under() {
        let local = OpenMeteoEndpoints.under("http://127.0.0.1:8080/")
        #expect(local.airQuality == "http://127.0.0.1:8080/v1/air-quality")
        #expect(local.geocoding == "http://127.0.0.1:8080/v1/search")
        #expect(local.archive == "http://127.0.0.1:8080/v1/archive")
        #expect(local.forecast == "http://127.0.0.1:8080/v1/forecast")
    }
}

@Suite("Calendar dates")
struct CivilDateTests {
    @Test("days since the epoch round-trip", arguments: [
        (1970, 1, 1, 0), (2000, 2, 29, 11_016), (2026, 11, 30, 20_787), (1969, 12, 31, -1),
    ])
    func days(_ year: Int, _ month: Int, _ day: Int, _ expected: Int) throws {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        #expect(date.daysSinceEpoch == expected)
        #expect(CivilDate(.init(timeIntervalSince1970: Double(expected) * 86_400 + 3600)) == date)
    }

    @Test("29 February in a common year becomes 28 February")
    func leapDay() throws {
        let leap = try #require(CivilDate(year: 2028, month: 2, day: 29))
        #expect(leap.inYear(1990).description == "1990-02-28")
        #expect(leap.inYear(2020).description == "2020-02-29")
        #expect(CivilDate(year: 2025, month: 2, day: 29) == nil)
    }

    @Test("the local calendar day at a UTC offset")
    func offset() {
        // 2026-11-30T23:30Z is already 1 December in Berlin (UTC+1).
        let instant = Date(timeIntervalSince1970: 1_796_081_400)
        #expect(CivilDate(instant).description == "2026-11-30")
        #expect(CivilDate(instant, utcOffset: 3600).description == "2026-12-01")
    }
}

import Foundation
