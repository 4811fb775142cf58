public import AirQuality
public import JSON

/// The `indices` array of `/api/v1/current`: one block per configured index (`aqi.index` first, then
/// `aqi.also`), every key always present. docs/api.md is the contract.
public enum IndexDocument {
    /// The array.
    public static func render(_ snapshot: StationSnapshot) -> JSONValue {
        .array(snapshot.indices.map(block))
    }

    /// One block.
    public static func block(_ reading: IndexReading) -> JSONValue {
        let definition = reading.index.definition
        let value = reading.value
        let level = value?.level
        return [
            "index": .string(reading.index.rawValue),
            "name": .string(definition.name),
            "chosen": .bool(reading.isChosen),
            "value": JSONValue(value?.value),
            "display": JSONValue(value?.display),
            "level": JSONValue(level?.key),
            "text": JSONValue(level?.name),
            "color": JSONValue(level?.color.hex),
            "advice": JSONValue(level?.advice),
            "pollutant": JSONValue(value?.pollutant.rawValue),
            "concentration": JSONValue(value.map { CurrentDocument.tenths($0.concentration) }),
            "beyond_index": JSONValue(value?.isBeyondIndex),
            "averaging": JSONValue(value?.averaging.rawValue),
            "source": value == nil ? .null : .string("local"),
            "document": .string(definition.source),
            "reference": reference(reading.comparison),
        ]
    }

    /// The `reference` block: the same index from Open-Meteo's PM (same table, same averaging), Open-Meteo's
    /// own values where it serves the index, the state and why; `null` for the US AQI and without Open-Meteo.
    public static func reference(_ comparison: IndexComparison?) -> JSONValue {
        guard let comparison else { return .null }
        let value = comparison.reference
        let provider: JSONValue = comparison.provider.map { own -> JSONValue in
            [
                "value": JSONValue(own.value), "pm2_5": JSONValue(own.pm25), "pm10": JSONValue(own.pm10),
                "note": .string(own.note),
            ]
        } ?? .null
        return [
            "value": JSONValue(value?.value),
            "display": JSONValue(value?.display),
            "level": JSONValue(value?.level.key),
            "pollutant": JSONValue(value?.pollutant.rawValue),
            "concentration": JSONValue(value.map { CurrentDocument.tenths($0.concentration) }),
            "averaging": JSONValue(value?.averaging.rawValue),
            "source": "open-meteo-pm",
            "open_meteo": provider,
            "state": .string(comparison.state.rawValue),
            "reason": .string(comparison.reason),
        ]
    }
}
