import JSON

/// Open-Meteo's pollen answer (`current=alder_pollen,...`), in grains/m³.
enum OpenMeteoPollen {
    /// Concentration bands of the US National Allergy Bureau, grains/m³: the lower bounds of Low, Moderate,
    /// High and Very High per pollen type. Below the first bound (under one grain) is None.
    static let bands: [String: [Double]] = [
        "TREE": [1, 15, 90, 1500],
        "GRASS": [1, 5, 20, 200],
        "WEED": [1, 10, 50, 500],
    ]

    /// Variable, code, name and pollen type of each plant.
    static let plants: [(variable: String, code: String, name: String, type: String)] = [
        ("alder_pollen", "ALDER", "Alder", "TREE"),
        ("birch_pollen", "BIRCH", "Birch", "TREE"),
        ("grass_pollen", "GRASS", "Grass", "GRASS"),
        ("mugwort_pollen", "MUGWORT", "Mugwort", "WEED"),
        ("olive_pollen", "OLIVE", "Olive", "TREE"),
        ("ragweed_pollen", "RAGWEED", "Ragweed", "WEED"),
    ]

    /// The category of `concentration` for `type`.
    static func category(_ concentration: Double, type: String) -> String {
        let names = ["None", "Low", "Moderate", "High", "Very High"]
        let bounds = bands[type] ?? [1, 10, 50, 500]
        return names[bounds.filter { concentration >= $0 }.count]
    }

    static func decode(_ document: JSONValue, service: String) throws(OpenMeteoError) -> PollenReport {
        guard let current = document["current"], case .object = current else {
            throw OpenMeteoResponse.invalid(service, "the answer has no `current` block")
        }
        var items: [PollenItem] = []
        for plant in plants {
            let range = PlausibleRanges.pollen
            guard let value = try current.number(plant.variable, in: range, path: "current", service: service) else {
                continue
            }
            items.append(PollenItem(
                code: plant.code, name: plant.name, kind: .plant, pollenType: plant.type, inSeason: nil, value: nil,
                category: category(value, type: plant.type), indexDescription: nil, color: nil, concentration: value,
                healthRecommendations: [], family: nil, season: nil, appearance: nil, picture: nil))
        }
        guard !items.isEmpty else {
            throw OpenMeteoError(
                kind: .noData, service: service,
                message: "Open-Meteo has no pollen data for this place (its pollen forecast covers Europe only)")
        }
        let time = current.text("time")
        return PollenReport(
            source: .openMeteo, date: time.map { String($0.prefix(10)) }, regionCode: nil, items: items)
    }
}
