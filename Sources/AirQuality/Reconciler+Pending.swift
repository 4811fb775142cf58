public import FoundationEssentials

extension Reconciler {
    /// Why a station without a complete local hour has no verdict.
    public static let pendingReason = "needs a complete local hour and the model's value for it"

    /// The result before the first complete local hour, so the station says why there is no verdict
    /// instead of reporting nothing: `pending`, or `reference_unavailable` when Open-Meteo's last fetch
    /// failed or its reading is too old (the reference, not the sensor, is then what is missing).
    ///
    /// - Parameters:
    ///   - localAQI24h: the station's 24-hour-mean PM AQI, if it has one.
    ///   - reference: the latest reference, with its age and last error.
    ///   - now: the current time.
    public static func beforeFirstHour(
        localAQI24h: Int?, reference: ReferenceSnapshot, now: Date,
        thresholds: ReconciliationThresholds = ReconciliationThresholds()
    ) -> Reconciliation {
        let usable = reference.reading(notOlderThan: thresholds.maximumReferenceAge, at: now)
        let away = usable == nil && (reference.error != nil || reference.reading != nil)
        let state: ReconciliationState = away ? .referenceUnavailable : .pending
        let explanation =
            away
            ? unavailableExplanation(reference, now: now, thresholds)
            : pendingReason
        return Reconciliation(
            state: state, suspectReason: nil, explanation: explanation, pm25: nil, pm10: nil,
            localAQI24h: localAQI24h, referenceAQI24h: usable?.pmAQI, longRunRatio: nil, longRunHours: 0,
            referenceAge: reference.age(at: now), referenceError: reference.error, evaluatedAt: now)
    }
}
