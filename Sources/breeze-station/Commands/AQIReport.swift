import AirQuality

/// The JSON object `breeze-station aqi` prints. Keys that have no value are written as `null`, never
/// left out, so scripts can rely on every key being there.
struct AQIReport: Encodable {
    let index: SubIndex
    let nowCast: NowCastDetails?

    private enum Key: String, CodingKey {
        case pollutant, averaging, concentration, unit, aqi, reason
        case beyondIndex = "beyond_index"
        case level, text, emoji, description, color, tips
        case epaCategory = "epa_category"
        case epaColor = "epa_color"
        case nowcast
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(index.pollutant.rawValue, forKey: .pollutant)
        try container.encode(index.averaging.rawValue, forKey: .averaging)
        if index.concentration.isFinite {
            try container.encode(index.concentration, forKey: .concentration)
        } else {
            try container.encodeNil(forKey: .concentration)
        }
        try container.encode(index.pollutant.unit.rawValue, forKey: .unit)
        try container.encode(index.value, forKey: .aqi)
        try container.encode(index.unavailableReason, forKey: .reason)
        try container.encode(index.isBeyondIndex, forKey: .beyondIndex)
        let level = index.level
        try container.encode(level?.rawValue, forKey: .level)
        try container.encode(level?.text, forKey: .text)
        try container.encode(level?.emoji, forKey: .emoji)
        try container.encode(level?.summary, forKey: .description)
        try container.encode(level?.color.hex, forKey: .color)
        try container.encode(level?.tips, forKey: .tips)
        try container.encode(index.epaCategory?.name, forKey: .epaCategory)
        try container.encode(index.epaCategory?.color.hex, forKey: .epaColor)
        if let nowCast {
            try container.encode(nowCast, forKey: .nowcast)
        }
    }
}

/// The NowCast inputs and weights, printed under `nowcast` for `--nowcast`.
struct NowCastDetails: Encodable {
    let hours: [Double?]

    private enum Key: String, CodingKey {
        case hourlyMeans = "hourly_means"
        case weightFactor = "weight_factor"
        case hoursUsed = "hours_used"
        case raw = "raw_concentration"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(hours, forKey: .hourlyMeans)
        if let nowCast = try? NowCast(hourlyMeans: hours) {
            try container.encode(nowCast.weightFactor, forKey: .weightFactor)
            try container.encode(nowCast.hoursUsed, forKey: .hoursUsed)
            try container.encode(nowCast.concentration, forKey: .raw)
        } else {
            try container.encodeNil(forKey: .weightFactor)
            try container.encode(hours.compactMap { $0 }.count, forKey: .hoursUsed)
            try container.encodeNil(forKey: .raw)
        }
    }
}
