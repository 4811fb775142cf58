public import FoundationEssentials
public import JSON

/// The forecast model's current relative humidity at the station's place, for the EPA PM2.5 correction on
/// sensors without a humidity channel.
public struct HumidityReading: Sendable, Hashable {
    /// The model time of the value.
    public let time: Date
    /// Relative humidity at 2 m, %.
    public let relativeHumidity: Double
    /// Air temperature at 2 m, °C, when sent.
    public let temperature: Double?

    /// A reading; every value is in the unit its property documents.
    public init(time: Date, relativeHumidity: Double, temperature: Double?) {
        self.time = time
        self.relativeHumidity = relativeHumidity
        self.temperature = temperature
    }

    /// `{"time": ..., "relative_humidity": 63, "temperature": 12.4, "source": "open-meteo"}`.
    public var json: JSONValue {
        [
            "source": "open-meteo",
            "time": .string(OpenMeteoTime.utcText(time)),
            "relative_humidity": .number(relativeHumidity),
            "temperature": JSONValue(temperature),
        ]
    }

    static func decode(_ document: JSONValue, service: String) throws(OpenMeteoError) -> HumidityReading {
        let offset = document.integer("utc_offset_seconds") ?? 0
        guard let current = document["current"], let time = OpenMeteoTime.date(current["time"], utcOffset: offset)
        else {
            throw OpenMeteoResponse.invalid(service, "the answer has no `current` block with a time")
        }
        let ranges = PlausibleRanges.self
        guard
            let humidity = try current.number(
                "relative_humidity_2m", in: ranges.relativeHumidity, path: "current", service: service)
        else {
            throw OpenMeteoError(kind: .noData, service: service, message: "no relative_humidity_2m in the answer")
        }
        return HumidityReading(
            time: time, relativeHumidity: humidity,
            temperature: try current.number("temperature_2m", in: ranges.temperature, path: "current", service: service))
    }
}
