public import FoundationEssentials

/// How the local sensor compares with the regional reference. Raw values are the API's `state` strings.
public enum ReconciliationState: String, Sendable, CaseIterable, Codable {
    /// The local hourly PM2.5 is within what a 10-40 km model cell can resolve of the reference.
    case agrees
    /// The local value is clearly above the reference (local smoke, traffic, a neighbour's stove: real).
    case localHigher = "local_higher"
    /// The local value is clearly below the reference.
    case localLower = "local_lower"
    /// The sensor looks broken: a stuck value, zero while the region is polluted, or a long-run drift.
    case sensorSuspect = "sensor_suspect"
    /// No usable reference (never fetched, too old, or no model value for the local hours).
    case referenceUnavailable = "reference_unavailable"
    /// Not decided yet: the sensor has no complete local hour in the last 24 hours (just started, or silent
    /// for a day), so there is nothing to compare the model with.
    case pending
}

/// Why a sensor is suspect. Raw values are the API's `suspect_reason` strings.
public enum SuspectReason: String, Sendable, CaseIterable, Codable {
    /// The hourly means have not moved for hours; real air always does.
    case stuck
    /// The sensor reads (nearly) zero while the model says the region is clearly polluted.
    case zeroWhileReferenceHigh = "zero_while_reference_high"
    /// Over days, local and reference differ by a steady factor beyond what model error explains.
    case longRunDrift = "long_run_drift"
}

/// Local and reference means of one pollutant over the same hours.
public struct PMComparison: Sendable, Hashable {
    /// `.pm2_5` or `.pm10`.
    public let pollutant: Pollutant
    /// Mean of the local hourly means, µg/m³.
    public let local: Double
    /// Mean of the model over the same clock hours, µg/m³.
    public let reference: Double
    /// Clock hours compared.
    public let hours: Int

    /// A comparison.
    public init(pollutant: Pollutant, local: Double, reference: Double, hours: Int) {
        self.pollutant = pollutant
        self.local = local
        self.reference = reference
        self.hours = hours
    }

    /// local − reference, µg/m³.
    public var difference: Double { local - reference }

    /// local / reference; nil when the reference is below 1 µg/m³ (a ratio of clean-air noise means nothing).
    public var ratio: Double? { reference >= 1 ? local / reference : nil }
}

/// The result of reconciling the local sensor against the reference, refreshed with each reference update.
public struct Reconciliation: Sendable, Hashable {
    /// The state.
    public let state: ReconciliationState
    /// Set when ``state`` is ``ReconciliationState/sensorSuspect``.
    public let suspectReason: SuspectReason?
    /// One sentence for humans explaining the state, with the numbers.
    public let explanation: String
    /// PM2.5 hourly means, local vs model, over the compared hours (decides the state).
    public let pm25: PMComparison?
    /// PM10 hourly means, local vs model (reported only: low-cost sensors see coarse particles poorly).
    public let pm10: PMComparison?
    /// The station's 24-hour-mean PM AQI, as passed in.
    public let localAQI24h: Int?
    /// `max(us_aqi_pm2_5, us_aqi_pm10)` of the reference: the same averaging, the same pollutants.
    public let referenceAQI24h: Int?
    /// Σ local / Σ reference over the long-run window, when enough hours exist.
    public let longRunRatio: Double?
    /// Paired hours in the long-run window.
    public let longRunHours: Int
    /// Seconds since the reference was fetched; nil when never.
    public let referenceAge: Double?
    /// The last reference error, if the latest fetch failed.
    public let referenceError: String?
    /// When this was computed.
    public let evaluatedAt: Date

    /// A result from its parts (``Reconciler/evaluate(local:localAQI24h:reference:history:now:thresholds:)``
    /// makes them; this is for values read back from a file).
    public init(
        state: ReconciliationState, suspectReason: SuspectReason?, explanation: String, pm25: PMComparison?,
        pm10: PMComparison?, localAQI24h: Int?, referenceAQI24h: Int?, longRunRatio: Double?, longRunHours: Int,
        referenceAge: Double?, referenceError: String?, evaluatedAt: Date
    ) {
        self.state = state
        self.suspectReason = suspectReason
        self.explanation = explanation
        self.pm25 = pm25
        self.pm10 = pm10
        self.localAQI24h = localAQI24h
        self.referenceAQI24h = referenceAQI24h
        self.longRunRatio = longRunRatio
        self.longRunHours = longRunHours
        self.referenceAge = referenceAge
        self.referenceError = referenceError
        self.evaluatedAt = evaluatedAt
    }

    /// `localAQI24h − referenceAQI24h`, when both exist.
    public var aqiDifference: Int? {
        guard let localAQI24h, let referenceAQI24h else { return nil }
        return localAQI24h - referenceAQI24h
    }
}
