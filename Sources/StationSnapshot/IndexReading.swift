public import AirQuality
public import FoundationEssentials

/// One configured air-quality index in the snapshot (`aqi.index` first, then `aqi.also`): its value from the
/// station's own data, or nil while there is none.
public struct IndexReading: Sendable, Hashable {
    /// The index.
    public var index: AirQualityIndexID
    /// Its value, level and averaging; nil without local data.
    public var value: IndexValue?
    /// True for `aqi.index`, the index the LEDs, the status page's ring and MQTT's main entity show.
    public var isChosen: Bool
    /// The like-with-like comparison with the same index from Open-Meteo's PM; nil for the US AQI (the
    /// `reconciliation` block compares that one) and when the station has no Open-Meteo configured.
    public var comparison: IndexComparison?

    /// A reading.
    public init(index: AirQualityIndexID, value: IndexValue?, isChosen: Bool, comparison: IndexComparison? = nil) {
        self.index = index
        self.value = value
        self.isChosen = isChosen
        self.comparison = comparison
    }

    /// The readings of `indices` (the first is the chosen one) from the station's own evaluation, each but the
    /// US AQI compared with `reference` when one is given.
    public static func readings(
        _ indices: [AirQualityIndexID], local: LocalAirQuality, reference: ReferenceSnapshot? = nil, now: Date? = nil
    ) -> [IndexReading] {
        indices.enumerated().map { position, index in
            let value = LocalIndexEvaluator.value(of: index, from: local)
            var comparison: IndexComparison?
            if index != .usEPA, let reference, let now {
                comparison = IndexComparator.compare(
                    index: index, local: value, hours: local.hourly, snapshot: reference, now: now)
            }
            return IndexReading(index: index, value: value, isChosen: position == 0, comparison: comparison)
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
