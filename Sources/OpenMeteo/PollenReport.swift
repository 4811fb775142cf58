public import JSON

/// Where the pollen data came from. Raw values are the API's `source` strings.
public enum PollenSource: String, Sendable, Hashable {
    /// Open-Meteo's CAMS pollen concentrations (Europe only), no key needed.
    case openMeteo = "open-meteo"
    /// The Breeze app's proxy of Google's Pollen API (index, categories, plants, recommendations).
    case pollenProxy = "pollen-proxy"
}

/// One pollen type (grass, tree, weed) or plant (birch, ragweed, ...).
public struct PollenItem: Sendable, Hashable {
    /// Whether the item is a pollen type or a plant. Raw values are the API's `kind` strings.
    public enum Kind: String, Sendable, Hashable {
        /// A pollen type: `GRASS`, `TREE`, `WEED`.
        case type
        /// A plant: `BIRCH`, `GRAMINALES`, `RAGWEED`, ...
        case plant
    }

    /// Code, e.g. `BIRCH`.
    public let code: String
    /// Display name, e.g. `Birch`.
    public let name: String
    /// Type or plant.
    public let kind: Kind
    /// The pollen type a plant belongs to (`TREE`, `GRASS`, `WEED`).
    public let pollenType: String?
    /// Whether it is in season, when known.
    public let inSeason: Bool?
    /// Universal Pollen Index 0-5 (proxy only).
    public let value: Int?
    /// `None`, `Very Low`, `Low`, `Moderate`, `High`, `Very High` (proxy: Google's; Open-Meteo: from the
    /// concentration by the US National Allergy Bureau's bands).
    public let category: String?
    /// Google's description of the index level.
    public let indexDescription: String?
    /// Google's colour for the index level, `#rrggbb`.
    public let color: String?
    /// Concentration, grains/m³ (Open-Meteo only).
    public let concentration: Double?
    /// Google's health recommendations (pollen types).
    public let healthRecommendations: [String]
    /// Plant family, e.g. `Betulaceae (the Birch family)`.
    public let family: String?
    /// When the plant pollinates, e.g. `Late winter, spring`.
    public let season: String?
    /// How to recognise it (Google's `specialColors`).
    public let appearance: String?
    /// A picture URL.
    public let picture: String?

    /// One element of `/api/v1/pollen`'s `items`.
    public var json: JSONValue {
        [
            "code": .string(code),
            "name": .string(name),
            "kind": .string(kind.rawValue),
            "pollen_type": JSONValue(pollenType),
            "in_season": JSONValue(inSeason),
            "value": JSONValue(value),
            "category": JSONValue(category),
            "index_description": JSONValue(indexDescription),
            "color": JSONValue(color),
            "concentration": JSONValue(concentration),
            "unit": concentration == nil ? .null : "grains/m³",
            "health_recommendations": .array(healthRecommendations.map(JSONValue.string)),
            "family": JSONValue(family),
            "season": JSONValue(season),
            "appearance": JSONValue(appearance),
            "picture": JSONValue(picture),
        ]
    }
}

/// Today's pollen for the station's place.
public struct PollenReport: Sendable, Hashable {
    /// Where it came from.
    public let source: PollenSource
    /// The day (`YYYY-MM-DD`), when the source says.
    public let date: String?
    /// The country of the place (proxy only), ISO 3166-1 alpha-2.
    public let regionCode: String?
    /// Pollen types first, then plants.
    public let items: [PollenItem]

    /// The body of `/api/v1/pollen` (see docs/openmeteo.md).
    public var json: JSONValue {
        [
            "source": .string(source.rawValue),
            "date": JSONValue(date),
            "region_code": JSONValue(regionCode),
            "items": .array(items.map(\.json)),
        ]
    }
}
