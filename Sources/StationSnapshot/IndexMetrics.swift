import AirQuality

/// `breeze_local_index{index=...}`: the value of every configured index from the station's own data (the
/// band number for the banded indices; AQHI+ "10+" is 11). An index without a value has no sample. The
/// station adds it to ``StationSnapshot/metrics``; so does a snapshot file with `indices`.
/// `breeze_reference_index{index=...}`: the same index computed from Open-Meteo's PM over the same hours and
/// averaging; no sample for the US AQI (the reconciliation compares that one) nor without a comparable value.
public enum IndexMetrics {
    /// The family for `readings`; none when no index has a value.
    public static func families(_ readings: [IndexReading]) -> [MetricFamily] {
        let samples = readings.compactMap { reading -> MetricSample? in
            guard let value = reading.value else { return nil }
            return MetricSample(
                labels: [MetricLabel("index", reading.index.rawValue)],
                value: Double(value.value))
        }
        let references = readings.compactMap { reading -> MetricSample? in
            guard let value = reading.comparison?.reference else { return nil }
            return MetricSample(labels: [MetricLabel("index", reading.index.rawValue)], value: Double(value.value))
        }
        var families: [MetricFamily] = []
        if !samples.isEmpty {
            families.append(MetricFamily(
                name: "breeze_local_index",
                help: "Air-quality index from the station's own PM data, per configured index (aqi.index, aqi.also).",
                kind: .gauge, samples: samples))
        }
        if !references.isEmpty {
            families.append(MetricFamily(
                name: "breeze_reference_index",
                help: "The same index computed by the station from Open-Meteo's hourly PM over the same hours and averaging.",
                kind: .gauge, samples: references))
        }
        return families
    }
}
