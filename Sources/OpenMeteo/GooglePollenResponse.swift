import AirQuality
import CheckedConversions
import JSON

/// The Breeze app's pollen proxy: Google's Pollen API `forecast:lookup` response, passed through.
///
/// Read: `regionCode`; `dailyInfo[0]` (today) with `date {year, month, day}`, `pollenTypeInfo[]` (`code`
/// GRASS/TREE/WEED, `displayName`, `inSeason`, `indexInfo`, `healthRecommendations[]`) and `plantInfo[]`
/// (`code`, `displayName`, `inSeason`, `indexInfo`, `plantDescription {type, family, season, specialColors,
/// picture, ...}`); `indexInfo` is `{code: "UPI", value: 0-5, category, indexDescription, color {red,
/// green, blue} in 0...1}` and is absent out of season. Unknown fields are ignored.
enum GooglePollenResponse {
    /// Google names the plant `GRAMINALES` "Grasses", which reads as a duplicate of the GRASS type; the
    /// Breeze app shows its botanical name instead.
    static let displayNameFixes = ["GRAMINALES": "Graminales"]

    static func decode(_ document: JSONValue, service: String) throws(OpenMeteoError) -> PollenReport {
        guard let days = document.list("dailyInfo"), let today = days.first else {
            throw OpenMeteoError(
                kind: .noData, service: service, message: "the proxy sent no `dailyInfo` (no pollen data for this place)")
        }
        var items: [PollenItem] = []
        for (position, type) in (today.list("pollenTypeInfo") ?? []).enumerated() {
            let path = "dailyInfo[0].pollenTypeInfo[\(position)].indexInfo"
            guard let item = try item(type, kind: .type, path: path, service: service) else { continue }
            items.append(item)
        }
        for (position, plant) in (today.list("plantInfo") ?? []).enumerated() {
            let path = "dailyInfo[0].plantInfo[\(position)].indexInfo"
            guard let item = try item(plant, kind: .plant, path: path, service: service) else { continue }
            items.append(item)
        }
        return PollenReport(
            source: .pollenProxy, date: date(today["date"]), regionCode: document.text("regionCode"), items: items)
    }

    /// Google's Universal Pollen Index runs from 0 (none) to 5 (very high).
    static let indexRange: ClosedRange<Int> = 0...5

    private static func item(
        _ info: JSONValue, kind: PollenItem.Kind, path: String, service: String
    ) throws(OpenMeteoError) -> PollenItem? {
        guard let code = info.text("code") else { return nil }
        let index = info["indexInfo"]
        let description = info["plantDescription"]
        let recommendations = (info.list("healthRecommendations") ?? []).compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        var inSeason: Bool?
        if case .bool(let flag)? = info["inSeason"] { inSeason = flag }
        return PollenItem(
            code: code, name: displayNameFixes[code] ?? info.text("displayName") ?? code, kind: kind,
            pollenType: kind == .type ? code : description?.text("type"), inSeason: inSeason,
            value: try index?.integer("value", in: indexRange, path: path, service: service), category: index?.text("category"),
            indexDescription: index?.text("indexDescription"), color: color(index?["color"]), concentration: nil,
            healthRecommendations: recommendations, family: description?.text("family"),
            season: description?.text("season"), appearance: description?.text("specialColors"),
            picture: description?.text("picture"))
    }

    /// `{"red": 0.5, "green": 1}` (missing components are 0) as `#80ff00`.
    static func color(_ value: JSONValue?) -> String? {
        guard let value, case .object = value else { return nil }
        let hex = Array("0123456789abcdef")
        var text = "#"
        for component in ["red", "green", "blue"] {
            let byte = Int(clampingRounded: min(1, max(0, value.number(component) ?? 0)) * 255)
            text.append(hex[byte >> 4])
            text.append(hex[byte & 0x0F])
        }
        return text
    }

    /// `{year, month, day}` as `YYYY-MM-DD`.
    private static func date(_ value: JSONValue?) -> String? {
        guard let value, let year = value.integer("year"), let month = value.integer("month"),
            let day = value.integer("day"), let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        return date.description
    }
}
