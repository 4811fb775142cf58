import AirQuality

/// `breeze_local_index{index=...}`: the value of every configured index from the station's own data (the
/// band number for the banded indices; AQHI+ "10+" is 11). An index without a value has no sample. The
/// station adds it to ``StationSnapshot/metrics``; so does a snapshot file with `indices`.
public enum IndexMetrics {
    /// The family for `readings`; none when no index has a value.
    public static func families(_ readings: [IndexReading]) -> [MetricFamily] {
        let samples = readings.compactMap { reading -> MetricSample? in
            guard let value = reading.value else { return nil }
            return MetricSample(
                labels: [MetricLabel("index", reading.index.rawValue)],
                value: Double(value.value))
        }
        guard !samples.isEmpty else { return [] }
        return [
            MetricFamily(
                name: "breeze_local_index",
                help: "Air-quality index from the station's own PM data, per configured index (aqi.index, aqi.also).",
                kind: .gauge, samples: samples)
        ]
    }
}
