public import AirQuality

extension StationSnapshot {
    /// The reconciliation to report: the snapshot's, or `pending` when it has none (a snapshot assembled
    /// before the pipeline's first evaluation, or read from an older file), so the API, MQTT, metrics and
    /// page say why there is no verdict instead of `null`.
    public var reportedReconciliation: Reconciliation {
        reconciliation
            ?? Reconciler.beforeFirstHour(localAQI24h: localIndices.average24h, reference: .none, now: time)
    }
}
