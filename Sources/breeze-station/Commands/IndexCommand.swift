import AirQuality

/// `breeze-station aqi --index <index>` for an index other than the US AQI: one PM2.5 or PM10 concentration
/// on the index's own table. Same argument rules, messages and exit codes as the US form.
enum IndexCommand {
    static func run(
        _ definition: AirQualityIndexDefinition, arguments: inout ArgumentList, averagingText: String?,
        nowCastText: String?
    ) throws -> Int32 {
        let covered = definition.tables.map(\.pollutant.rawValue).joined(separator: ", ")
        guard let pollutantText = arguments.positional() else {
            throw UsageError("missing <pollutant> (\(definition.id.rawValue) covers \(covered))")
        }
        guard let pollutant = Pollutant(rawValue: pollutantText) else {
            throw UsageError("unknown pollutant '\(pollutantText)' (\(definition.id.rawValue) covers \(covered))")
        }
        guard let table = definition.table(for: pollutant) else {
            throw UsageError("--index \(definition.id.rawValue) covers \(covered) only, not '\(pollutant.rawValue)'")
        }
        let concentrationText = arguments.positional()
        try arguments.finish()
        guard nowCastText == nil else {
            throw UsageError("--nowcast is the US AQI's; it does not apply to --index \(definition.id.rawValue)")
        }
        if let averagingText, averagingText != table.averaging.rawValue {
            throw UsageError(
                "--averaging \(averagingText) is not defined for \(pollutant.rawValue) in \(definition.id.rawValue) (supported: \(table.averaging.rawValue))")
        }
        guard let concentrationText else {
            throw UsageError("missing <concentration> in \(pollutant.unit.rawValue)")
        }
        guard let concentration = Double(concentrationText), concentration.isFinite else {
            throw UsageError("invalid <concentration> '\(concentrationText)': not a number")
        }
        guard concentration >= 0 else {
            throw UsageError("invalid <concentration> '\(concentrationText)': must not be negative")
        }
        let value: IndexValue
        do {
            value = try definition.subIndex(pollutant, concentration: concentration)
        } catch {
            throw UsageError(error.description)
        }
        try Output.json(IndexReport(value: value, averaging: table.averaging))
        return ExitStatus.success
    }
}

/// The JSON object `aqi --index` prints for an index other than the US AQI.
struct IndexReport: Encodable {
    let value: IndexValue
    let averaging: AveragingPeriod

    private enum Key: String, CodingKey {
        case index, name, pollutant, averaging, concentration, unit, value, display
        case beyondIndex = "beyond_index"
        case level, text, color, advice, source
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        let definition = value.definition
        let level = value.level
        try container.encode(definition.id.rawValue, forKey: .index)
        try container.encode(definition.name, forKey: .name)
        try container.encode(value.pollutant.rawValue, forKey: .pollutant)
        try container.encode(averaging.rawValue, forKey: .averaging)
        try container.encode(value.concentration, forKey: .concentration)
        try container.encode(value.pollutant.unit.rawValue, forKey: .unit)
        try container.encode(value.value, forKey: .value)
        try container.encode(value.display, forKey: .display)
        try container.encode(value.isBeyondIndex, forKey: .beyondIndex)
        try container.encode(level.key, forKey: .level)
        try container.encode(level.name, forKey: .text)
        try container.encode(level.color.hex, forKey: .color)
        try container.encode(level.advice, forKey: .advice)
        try container.encode(definition.source, forKey: .source)
    }
}
