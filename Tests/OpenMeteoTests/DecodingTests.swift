import AirQuality
import Foundation
import HTTPClient
import JSON
import OpenMeteo
import OpenMeteoTestSupport
import Testing

@Suite("Decoding Open-Meteo answers")
struct DecodingTests {
    let berlin = GeoCoordinate(latitude: 52.52, longitude: 13.41)!

    func client(_ body: String, status: Int = 200) -> (OpenMeteoClient, RecordingTransport) {
        let transport = RecordingTransport(status: status, body: body)
        return (OpenMeteoClient(transport: transport), transport)
    }

    @Test("current air quality: values, times in UTC, the µ normalised, the hourly PM")
    func current() async throws {
        let reading = try await client(OpenMeteoFixtures.currentAirQuality()).0.currentAirQuality(at: berlin)
        #expect(reading.time == OpenMeteoFixtures.currentTime)
        #expect(reading.localTime == "2026-11-30T15:00")
        #expect(reading.timezone == "Europe/Berlin")
        #expect(reading.utcOffset == 3600)
        #expect(reading.usAQI == 72)
        #expect(reading.usAQIPM25 == 61)
        #expect(reading.usAQIPM10 == 14)
        #expect(reading.pmAQI == 61)
        #expect(reading.pm25 == 17.9)
        #expect(reading.ozone == 31.0)
        #expect(reading.units["pm2_5"] == "\u{00B5}g/m\u{00B3}")
        #expect(reading.units["us_aqi"] == "USAQI")
        #expect(reading.hourly.count == 48)
        #expect(reading.hourly.first?.time == OpenMeteoFixtures.firstHourlyTime)
        #expect(reading.hourly.first?.pm25 == 12.0)
        #expect(reading.hourly.first?.pm10 == 18.0)
        let reference = reading.reference
        #expect(reference.pmAQI == 61)
        #expect(reference.usAQI == 72)
        #expect(reference.hourMean(\.pm25, hourStart: OpenMeteoFixtures.firstHourlyTime) == 12.5)
    }

    @Test("the reference block's JSON")
    func currentJSON() async throws {
        let json = try await client(OpenMeteoFixtures.currentAirQuality()).0.currentAirQuality(at: berlin).json
        #expect(keys(json) == [
            "source", "time", "local_time", "timezone", "latitude", "longitude", "elevation", "aqi_averaging", "us_aqi",
            "us_aqi_pm2_5", "us_aqi_pm10", "pm_aqi", "level", "pm2_5", "pm10", "carbon_monoxide", "nitrogen_dioxide",
            "sulphur_dioxide", "ozone", "units",
        ])
        #expect(json["source"] == "open-meteo")
        #expect(json["time"] == "2026-11-30T14:00:00Z")
        #expect(json["pm_aqi"] == 61)
        #expect(json["level"] == "moderate")
        #expect(json["aqi_averaging"] == "24h")
        #expect(json["units"]?["pm2_5"] == .string("\u{00B5}g/m\u{00B3}"))
        #expect(keys(AirQualityReading.unavailableJSON) == keys(json))
    }

    @Test("several cities: an array matched by position; the first element has no location_id")
    func cities() async throws {
        let places = [
            NamedPlace(name: "Berlin", coordinate: berlin),
            NamedPlace(name: "Paris", coordinate: GeoCoordinate(latitude: 48.85, longitude: 2.35)!),
            NamedPlace(name: "Delhi", coordinate: GeoCoordinate(latitude: 28.61, longitude: 77.21)!),
        ]
        let body = OpenMeteoFixtures.cities(latitudes: [52.52, 48.85, 28.61], longitudes: [13.41, 2.35, 77.21])
        #expect(!body.contains(#""location_id":0"#))
        #expect(body.contains(#""location_id":1"#))
        let (client, transport) = client(body)
        let result = try await client.cities(places)
        #expect(transport.requestedURLs.count == 1)
        #expect(result.cities.map(\.place.name) == ["Berlin", "Paris", "Delhi"])
        #expect(result.cities.map(\.usAQI) == [40, 55, 70])
        #expect(result.cities[2].pm25 == 12.5)
        #expect(result.cities[0].time == OpenMeteoFixtures.currentTime)
        let json = result.json
        #expect(keys(json) == ["cities"])
        guard case .array(let items)? = json["cities"] else { Issue.record("no cities array"); return }
        #expect(keys(items[0]) == [
            "name", "latitude", "longitude", "time", "timezone", "us_aqi", "level", "us_aqi_pm2_5", "us_aqi_pm10",
            "pm2_5", "pm10",
        ])
        #expect(items[1]["name"] == "Paris")
        #expect(items[1]["level"] == "moderate")
    }

    @Test("one city: a bare object")
    func oneCity() async throws {
        let body = OpenMeteoFixtures.cities(latitudes: [52.52], longitudes: [13.41])
        #expect(body.hasPrefix("{"))
        let result = try await client(body).0.cities([NamedPlace(name: "Berlin", coordinate: berlin)])
        #expect(result.cities.map(\.usAQI) == [40])
    }

    @Test("no cities: no request")
    func noCities() async throws {
        let (client, transport) = client("{}")
        #expect(try await client.cities([]).cities.isEmpty)
        #expect(transport.requestedURLs.isEmpty)
    }

    @Test("a city answer of the wrong size or order is refused")
    func citiesMismatch() async throws {
        let places = [NamedPlace(name: "A", coordinate: berlin), NamedPlace(name: "B", coordinate: berlin)]
        let short = OpenMeteoFixtures.cities(latitudes: [1], longitudes: [2])
        let error = await #expect(throws: OpenMeteoError.self) { try await client(short).0.cities(places) }
        #expect(error?.kind == .invalidResponse)
        #expect(error?.message.contains("asked for 2 locations, got 1") == true)
        let swapped = "[" + OpenMeteoFixtures.city(index: 1, latitude: 1, longitude: 2) + ","
            + OpenMeteoFixtures.city(index: 0, latitude: 1, longitude: 2) + "]"
        let order = await #expect(throws: OpenMeteoError.self) { try await client(swapped).0.cities(places) }
        #expect(order?.message.contains("location_id 1") == true)
    }

    @Test("Open-Meteo's error body: the reason is in the message")
    func errorBody() async throws {
        let body = OpenMeteoFixtures.errorBody("Latitude must be in range of -90 to 90°. Given: 91.0.")
        let error = await #expect(throws: OpenMeteoError.self) {
            try await client(body, status: 400).0.currentAirQuality(at: berlin)
        }
        #expect(error?.kind == .rejected)
        #expect(error?.status == 400)
        #expect(error?.description == "air quality: HTTP 400: Latitude must be in range of -90 to 90°. Given: 91.0.")
        let ok = await #expect(throws: OpenMeteoError.self) { try await client(body).0.currentAirQuality(at: berlin) }
        #expect(ok?.kind == .rejected)
        #expect(ok?.message.contains("Given: 91.0") == true)
    }

    @Test("a 5xx answer names the status and the body's first line")
    func serverError() async throws {
        let error = await #expect(throws: OpenMeteoError.self) {
            try await client("<html>\n<b>Bad gateway</b></html>", status: 502).0.currentAirQuality(at: berlin)
        }
        #expect(error?.kind == .serverError)
        #expect(error?.message == "HTTP 502: <html>")
    }

    @Test("answers that are not what was asked for", arguments: [
        ("not json", "not valid JSON"),
        (#"{"latitude":1"#, "not valid JSON"),
        ("[1,2]", "an array, not a JSON object"),
        (#""text""#, "not a JSON object"),
        (#"{"latitude":52.5,"longitude":13.4}"#, "no `current` block"),
        (#"{"latitude":52.5,"longitude":13.4,"current":{"time":"yesterday"}}"#, "`current.time`"),
    ])
    func invalid(_ body: String, _ fragment: String) async throws {
        let error = await #expect(throws: OpenMeteoError.self) { try await client(body).0.currentAirQuality(at: berlin) }
        #expect(error?.kind == .invalidResponse)
        #expect(error?.message.contains(fragment) == true, "\(error?.message ?? "")")
    }

    @Test("missing values are nil, not zero")
    func nulls() async throws {
        let body = #"""
            {"latitude":52.5,"longitude":13.4,"utc_offset_seconds":0,"current":{"time":"2026-11-30T14:00","interval":3600,
            "us_aqi":null,"us_aqi_pm2_5":null,"us_aqi_pm10":12,"pm2_5":null}}
            """#
        let reading = try await client(body).0.currentAirQuality(at: berlin)
        #expect(reading.usAQI == nil)
        #expect(reading.pm25 == nil)
        #expect(reading.pmAQI == 12)
        #expect(reading.hourly.isEmpty)
        #expect(reading.json["pm2_5"] == .null)
    }

    @Test("geocoding: the candidates with admin area, country and time zone")
    func geocoding() async throws {
        let (client, transport) = client(OpenMeteoFixtures.berlinSearch)
        let candidates = try await client.searchPlaces("  Berlin ")
        #expect(transport.requestedURLs.first?.contains("name=Berlin&count=5&language=en") == true)
        #expect(candidates.count == 5)
        let first = try #require(candidates.first)
        #expect(first.name == "Berlin")
        #expect(first.adminArea == "Land Berlin")
        #expect(first.country == "Germany")
        #expect(first.countryCode == "DE")
        #expect(first.coordinate.latitude == 52.52437)
        #expect(first.timezone == "Europe/Berlin")
        #expect(first.label == "Berlin, Land Berlin, Germany")
        #expect(keys(first.json) == [
            "name", "admin_area", "country", "country_code", "latitude", "longitude", "elevation", "timezone",
            "population",
        ])
        #expect(candidates[3].adminArea == "Wisconsin")
    }

    @Test("geocoding without results, and queries too short to send", arguments: ["", "B", " B ", "\t"])
    func shortQueries(_ query: String) async throws {
        let (client, transport) = client(OpenMeteoFixtures.berlinSearch)
        #expect(try await client.searchPlaces(query).isEmpty)
        #expect(transport.requestedURLs.isEmpty)
    }

    @Test("geocoding: an answer without results is an empty list")
    func noResults() async throws {
        #expect(try await client(OpenMeteoFixtures.emptySearch).0.searchPlaces("Atlantis").isEmpty)
    }

    @Test("Open-Meteo pollen: concentrations with the NAB categories")
    func openMeteoPollen() async throws {
        let report = try await client(OpenMeteoFixtures.pollen).0.pollen(at: berlin)
        #expect(report.source == .openMeteo)
        #expect(report.date == "2026-04-20")
        #expect(report.items.map(\.code) == ["ALDER", "BIRCH", "GRASS", "MUGWORT", "RAGWEED"])
        #expect(report.items.map(\.category) == ["Low", "High", "Moderate", "None", "None"])
        #expect(report.items[1].concentration == 95.0)
        #expect(report.items[1].pollenType == "TREE")
        #expect(report.items.allSatisfy { $0.value == nil && $0.kind == .plant })
        #expect(report.items[0].json["unit"] == "grains/m³")
    }

    @Test("Open-Meteo pollen outside Europe: no data, said so")
    func pollenOutsideEurope() async throws {
        let error = await #expect(throws: OpenMeteoError.self) {
            try await client(OpenMeteoFixtures.pollenOutsideEurope).0.pollen(at: berlin)
        }
        #expect(error?.kind == .noData)
        #expect(error?.message.contains("Europe") == true)
    }

    @Test("the pollen proxy: types and plants as items, GRAMINALES renamed, colours and recommendations")
    func googlePollen() async throws {
        var endpoints = OpenMeteoEndpoints.publicDefaults
        endpoints.pollenProxy = "https://breeze.example/api/pollen"
        let transport = RecordingTransport(body: OpenMeteoFixtures.googlePollen)
        let report = try await OpenMeteoClient(transport: transport, endpoints: endpoints).pollen(at: berlin)
        #expect(transport.requestedURLs == ["https://breeze.example/api/pollen?lat=52.52&lon=13.41"])
        #expect(report.source == .pollenProxy)
        #expect(report.regionCode == "DE")
        #expect(report.date == "2026-04-20")
        #expect(report.items.map(\.code) == ["GRASS", "TREE", "WEED", "GRAMINALES", "BIRCH", "OAK"])
        #expect(report.items.map(\.kind) == [.type, .type, .type, .plant, .plant, .plant])
        #expect(report.items[3].name == "Graminales")
        #expect(report.items[4].name == "Birch")
        #expect(report.items[0].value == 3)
        #expect(report.items[0].category == "Moderate")
        #expect(report.items[0].color == "#ffcc00")
        #expect(report.items[1].color == "#ff8000")
        #expect(report.items[0].healthRecommendations.count == 2)
        #expect(report.items[2].value == nil)
        #expect(report.items[2].inSeason == false)
        #expect(report.items[4].family == "Betulaceae (the Birch family)")
        #expect(report.items[4].pollenType == "TREE")
        #expect(report.items[5].category == nil)
        #expect(keys(report.json) == ["source", "date", "region_code", "items"])
        #expect(keys(report.items[0].json) == [
            "code", "name", "kind", "pollen_type", "in_season", "value", "category", "index_description", "color",
            "concentration", "unit", "health_recommendations", "family", "season", "appearance", "picture",
        ])
    }

    @Test("the pollen proxy without dailyInfo: no data")
    func googlePollenEmpty() async throws {
        var endpoints = OpenMeteoEndpoints.publicDefaults
        endpoints.pollenProxy = "https://breeze.example/api/pollen"
        let client = OpenMeteoClient(transport: RecordingTransport(body: #"{"regionCode":"US"}"#), endpoints: endpoints)
        let error = await #expect(throws: OpenMeteoError.self) { try await client.pollen(at: berlin) }
        #expect(error?.kind == .noData)
        #expect(error?.service == "pollen proxy")
    }

    @Test("relative humidity from the forecast API")
    func humidity() async throws {
        let reading = try await client(OpenMeteoFixtures.humidity).0.humidity(at: berlin)
        #expect(reading.relativeHumidity == 81)
        #expect(reading.temperature == 4.2)
        #expect(reading.time == OpenMeteoFixtures.currentTime)
        #expect(keys(reading.json) == ["source", "time", "relative_humidity", "temperature"])
    }

    @Test("a transport failure becomes `unreachable` with the transport's words")
    func unreachable() async throws {
        let transport = RecordingTransport { request in
            .failure(HTTPClientError(kind: .connectionFailed, url: request.url, detail: "cannot connect: connection refused"))
        }
        let error = await #expect(throws: OpenMeteoError.self) {
            try await OpenMeteoClient(transport: transport).currentAirQuality(at: berlin)
        }
        #expect(error?.kind == .unreachable)
        #expect(error?.transportError?.kind == .connectionFailed)
        #expect(error?.description.hasPrefix("air quality: cannot connect: connection refused (https://") == true)
    }
}
