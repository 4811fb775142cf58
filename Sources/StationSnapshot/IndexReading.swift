public import AirQuality

/// One configured air-quality index in the snapshot (`aqi.index` first, then `aqi.also`): its value from the
/// station's own data, or nil while there is none.
public struct IndexReading: Sendable, Hashable {
    /// The index.
    public var index: AirQualityIndexID
    /// Its value, level and averaging; nil without local data.
    public var value: IndexValue?
    /// True for `aqi.index`, the index the LEDs, the status page's ring and MQTT's main entity show.
    public var isChosen: Bool

    /// A reading.
    public init(index: AirQualityIndexID, value: IndexValue?, isChosen: Bool) {
        self.index = index
        self.value = value
        self.isChosen = isChosen
    }

    /// The readings of `indices` (the first is the chosen one) from the station's own evaluation.
    public static func readings(_ indices: [AirQualityIndexID], local: LocalAirQuality) -> [IndexReading] {
        indices.enumerated().map { position, index in
            IndexReading(
                index: index, value: LocalIndexEvaluator.value(of: index, from: local), isChosen: position == 0)
        }
    }
}

extension StationSnapshot {
    /// The chosen index (`aqi.index`) when it is not the US AQI and has a value: what the status page's ring
    /// shows instead of the US AQI.
    public var chosenOtherIndex: IndexValue? {
        guard let chosen = indices.first(where: \.isChosen), chosen.index != .usEPA else { return nil }
        return chosen.value
    }
}
