import AirQuality

/// What the status page's ring shows: the chosen index (`aqi.index`) when it is another than the US AQI and
/// has a local value, else the US AQI as before.
struct StatusRing {
    /// The number in the ring, "—" without a value.
    let value: String
    /// The ring's fill, 0...1.
    let fraction: Double
    /// The level's colour, `#rrggbb`.
    let color: String
    /// The unit under the number, e.g. "US AQI", "EAQI".
    let unit: String
    /// The ring's accessible label.
    let label: String
    /// The level's name, "No data" without a value.
    let levelText: String
    /// The level's machine name for `data-level`.
    let levelKey: String
    /// The description under the level.
    let description: String?
    /// The level's colour as a value for `--on-level`'s contrast.
    let rgb: RGBColor?

    init(_ snapshot: StationSnapshot) {
        if let chosen = snapshot.chosenOtherIndex {
            let definition = chosen.definition
            let level = chosen.level
            value = chosen.display
            fraction =
                definition.isBanded
                ? Double(level.ordinal + 1) / Double(max(1, definition.levels.count))
                : min(500, max(0, Double(chosen.value))) / 500
            color = level.color.hex
            unit = definition.shortName
            label = "\(definition.name) \(chosen.display): \(level.name) (\(chosen.averaging.rawValue))"
            levelText = level.name
            levelKey = level.key
            description = level.advice
            rgb = level.color
            return
        }
        let reading = snapshot.aqi
        let level = reading?.level
        value = reading.map { String($0.value) } ?? "—"
        fraction = reading.map { min(500, max(0, Double($0.value))) / 500 } ?? 0
        color = level?.color.hex ?? "#8e8e93"
        unit = "US AQI"
        label = reading.map { "US AQI \($0.value) of 500: \($0.level.text)" } ?? "No AQI yet"
        levelText = level?.text ?? "No data"
        levelKey = level?.rawValue ?? ""
        description = level?.summary
        rgb = level?.color
    }
}
