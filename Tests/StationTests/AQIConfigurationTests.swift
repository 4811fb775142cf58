import AirQuality
import Configuration
import JSON
import Station
import Testing

@Suite("The aqi section")
struct AQIConfigurationTests {
    func parse(_ text: String) throws -> StationConfiguration { try parseConfiguration(text) }

    func problems(_ text: String) -> [String] { configurationProblems(text).map(\.description) }

    @Test("default: the US AQI and nothing beside it")
    func defaults() throws {
        let configuration = try parse("{}")
        #expect(configuration.aqi.index == .usEPA)
        #expect(configuration.aqi.also.isEmpty)
        #expect(configuration.json()["aqi"] == ["index": "us-epa", "also": []])
    }

    @Test("index and also, repeats and the chosen one dropped from also")
    func chosen() throws {
        let configuration = try parse(#"{"aqi": {"index": "eu-eaqi", "also": ["us-epa", "eu-eaqi", "uk-daqi", "us-epa"]}}"#)
        #expect(configuration.aqi.index == .euEAQI)
        #expect(configuration.aqi.also == [.usEPA, .ukDAQI])
        #expect(configuration.aqi.all == [.euEAQI, .usEPA, .ukDAQI])
        #expect(configuration.json()["aqi"] == ["index": "eu-eaqi", "also": ["us-epa", "uk-daqi"]])
    }

    @Test("problems name their key path, with a did-you-mean", arguments: [
        (#"{"aqi": {"index": "eu-eaq"}}"#, #"aqi.index: expected one of "us-epa", "eu-eaqi""#, #"did you mean "eu-eaqi"?"#),
        (#"{"aqi": {"also": ["us-epa", "uk-daq"]}}"#, #"aqi.also[1]: expected one of "us-epa""#, #"did you mean "uk-daqi"?"#),
        (#"{"aqi": {"also": [3]}}"#, "aqi.also[0]: expected an index name, found 3", ""),
        (#"{"aqi": {"also": "uk-daqi"}}"#, "aqi.also: expected an array", ""),
        (#"{"aqi": {"indx": "uk-daqi"}}"#, "aqi.indx: unknown key", #"did you mean "index"?"#),
        (#"{"aqi": "eu-eaqi"}"#, "aqi: expected an object", ""),
    ])
    func problem(_ text: String, _ prefix: String, _ suggestion: String) {
        let found = problems(text)
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.hasPrefix(prefix) == true, "\(found)")
        #expect(suggestion.isEmpty || found.first?.contains(suggestion) == true, "\(found)")
    }

    @Test("the pipeline takes the chosen index and the others from the configuration")
    func pipelineSettings() throws {
        let settings = PipelineSettings(try parse(#"{"aqi": {"index": "ca-aqhi-plus", "also": ["in-naqi"]}}"#))
        #expect(settings.aqi.all == [.caAQHIPlus, .inNAQI])
    }
}
