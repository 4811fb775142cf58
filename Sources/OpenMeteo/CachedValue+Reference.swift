public import AirQuality

extension CachedValue where Value == AirQualityReading {
    /// The snapshot reconciliation and the AQI source selection take.
    public var referenceSnapshot: ReferenceSnapshot {
        ReferenceSnapshot(reading: value?.reference, fetchedAt: fetchedAt, error: error)
    }
}
