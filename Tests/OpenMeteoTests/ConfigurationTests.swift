import Configuration
import Diagnostics
import HTTPClient
import JSON
import OpenMeteo
import Testing

@Suite("The openmeteo configuration section")
struct OpenMeteoConfigurationTests {
    func read(_ text: String) -> (OpenMeteoConfiguration, [String]) {
        let root = ConfigSection(document: try! JSONValue.parse(text))
        let configuration = OpenMeteoConfiguration(section: root.section("openmeteo"))
        do {
            try root.finish()
            return (configuration, [])
        } catch {
            return (configuration, error.errors.map(\.description))
        }
    }

    @Test("defaults: public endpoints, 15 minutes, no cities, no pollen proxy")
    func defaults() {
        let (configuration, errors) = read("{}")
        #expect(errors.isEmpty)
        #expect(configuration == OpenMeteoConfiguration())
        #expect(configuration.endpoints.airQuality == "https://air-quality-api.open-meteo.com/v1/air-quality")
        #expect(configuration.endpoints.geocoding == "https://geocoding-api.open-meteo.com/v1/search")
        #expect(configuration.endpoints.archive == "https://archive-api.open-meteo.com/v1/archive")
        #expect(configuration.endpoints.forecast == "https://api.open-meteo.com/v1/forecast")
        #expect(configuration.endpoints.pollenProxy == nil)
        #expect(configuration.interval == .seconds(900))
        #expect(configuration.enabled)
    }

    @Test("every key")
    func everything() {
        let (configuration, errors) = read("""
            {"openmeteo": {"enabled": true, "air_quality_url": "http://om.lan:8080/v1/air-quality",
             "geocoding_url": "http://om.lan:8080/v1/search", "archive_url": "http://om.lan:8080/v1/archive",
             "forecast_url": "http://om.lan:8080/v1/forecast", "pollen_proxy_url": "https://breeze.example/api/pollen",
             "interval_s": 600, "connect_timeout_s": 5, "timeout_s": 20,
             "cities": [{"name": "Berlin", "latitude": 52.52, "longitude": 13.41},
                        {"name": "Delhi", "latitude": 28.61, "longitude": 77.21}]}}
            """)
        #expect(errors.isEmpty)
        #expect(configuration.endpoints == OpenMeteoEndpoints(
            airQuality: "http://om.lan:8080/v1/air-quality", geocoding: "http://om.lan:8080/v1/search",
            archive: "http://om.lan:8080/v1/archive", forecast: "http://om.lan:8080/v1/forecast",
            pollenProxy: "https://breeze.example/api/pollen"))
        #expect(configuration.interval == .seconds(600))
        #expect(configuration.httpOptions.connectTimeout == .seconds(5))
        #expect(configuration.httpOptions.timeout == .seconds(20))
        #expect(configuration.cities.map(\.name) == ["Berlin", "Delhi"])
        #expect(configuration.cities[1].coordinate.longitude == 77.21)
        #expect(keys(configuration.json) == [
            "enabled", "air_quality_url", "geocoding_url", "archive_url", "forecast_url", "pollen_proxy_url",
            "interval_s", "connect_timeout_s", "timeout_s", "cities",
        ])
        #expect(configuration.json["interval_s"] == 600)
    }

    @Test("problems are reported with their key paths", arguments: [
        (#"{"openmeteo": {"interval_s": 30}}"#, "openmeteo.interval_s: expected an integer from 60 to 86400, found 30"),
        (#"{"openmeteo": {"air_quality_url": "ftp://x/y"}}"#, "openmeteo.air_quality_url: expected an http:// or https:// URL"),
        (#"{"openmeteo": {"geocoding_url": "geocoding-api.open-meteo.com"}}"#, "openmeteo.geocoding_url: expected an http"),
        (#"{"openmeteo": {"cities": [{"name": "X", "latitude": 95, "longitude": 0}]}}"#, "openmeteo.cities[0].latitude: expected a number from -90 to 90, found 95"),
        (#"{"openmeteo": {"cities": [{"name": "X", "latitude": 1}]}}"#, "openmeteo.cities[0].longitude: missing"),
        (#"{"openmeteo": {"cities": "Berlin"}}"#, "openmeteo.cities: expected an array"),
        (#"{"openmeteo": {"intervall_s": 600}}"#, "openmeteo.intervall_s: unknown key; did you mean \"interval_s\"?"),
        (#"{"openmeteo": {"pollen_proxy": "https://x/y"}}"#, "openmeteo.pollen_proxy: unknown key; did you mean \"pollen_proxy_url\"?"),
        (#"{"openmeteo": {"timeout_s": 0}}"#, "openmeteo.timeout_s: expected an integer from 1 to 300"),
    ])
    func problems(_ text: String, _ expected: String) {
        let (_, errors) = read(text)
        #expect(errors.contains { $0.hasPrefix(expected) }, "\(errors)")
    }

    @Test("the 101st city: the list is too long, with the limit; no 'unknown key' for the extra entries")
    func tooManyCities() {
        let city = #"{"name": "X", "latitude": 1, "longitude": 2}"#
        let text = "{\"openmeteo\": {\"cities\": [" + Array(repeating: city, count: 101).joined(separator: ",") + "]}}"
        let (configuration, errors) = read(text)
        #expect(errors == ["openmeteo.cities: the list is too long: expected at most 100 entries, found 101"], "\(errors.prefix(3))")
        #expect(configuration.cities.isEmpty)
        let (hundred, none) = read(
            "{\"openmeteo\": {\"cities\": [" + Array(repeating: city, count: 100).joined(separator: ",") + "]}}")
        #expect(none.isEmpty && hundred.cities.count == 100)
    }
}
