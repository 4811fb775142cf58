public import FoundationEssentials

/// How the station's local value of an index compares with the same index computed from Open-Meteo's
/// concentrations. Raw values are the API's `reference.state` strings.
public enum IndexComparisonState: String, Sendable, Hashable, CaseIterable {
    /// The two levels are the same or neighbours on the index's own scale.
    case agrees
    /// The local level is at least two levels above the reference's.
    case localHigher = "local_higher"
    /// The local level is at least two levels below the reference's.
    case localLower = "local_lower"
    /// The local value is not yet on the index's own averaging (or there is none), so there is nothing like
    /// to compare yet.
    case pending
    /// No usable Open-Meteo reading, or the model does not cover enough of the same hours.
    case referenceUnavailable = "reference_unavailable"
}

/// Open-Meteo's own values of an index it serves itself, reported beside a comparison, never inside it.
public struct ProviderIndexValue: Sendable, Hashable {
    /// The overall value as Open-Meteo wrote it (e.g. `european_aqi`).
    public let value: Int?
    /// The PM2.5 sub-index (e.g. `european_aqi_pm2_5`).
    public let pm25: Int?
    /// The PM10 sub-index (e.g. `european_aqi_pm10`).
    public let pm10: Int?
    /// Why the value is not the same index as the station's (different bands or scale).
    public let note: String

    /// Open-Meteo's values.
    public init(value: Int?, pm25: Int?, pm10: Int?, note: String) {
        self.value = value
        self.pm25 = pm25
        self.pm10 = pm10
        self.note = note
    }
}

/// One index's like-with-like comparison: the local value against the same index, same table, same
/// averaging, computed from Open-Meteo's hourly PM over the same clock hours.
public struct IndexComparison: Sendable, Hashable {
    /// The state.
    public let state: IndexComparisonState
    /// The index computed from Open-Meteo's concentrations; nil when it could not be.
    public let reference: IndexValue?
    /// Open-Meteo's own values where it serves this index itself (on its own bands); nil otherwise.
    public let provider: ProviderIndexValue?
    /// One sentence saying why the state is what it is.
    public let reason: String

    /// A comparison.
    public init(state: IndexComparisonState, reference: IndexValue?, provider: ProviderIndexValue?, reason: String) {
        self.state = state
        self.reference = reference
        self.provider = provider
        self.reason = reason
    }
}

/// Compares a local index value with the same index computed from the model. Pure: values and the time in.
///
/// The rule, for every index but the US AQI (docs/reconciliation.md, "Other indices"): the two agree when their
/// levels are the same or neighbours (|ordinal difference| ≤ 1), **or** when the concentrations behind them
/// (the same pollutant on both sides) agree by the PM rule of the reconciliation (|Δ| ≤ 5 µg/m³ or within a
/// factor of 2). Otherwise the local side is higher or lower by the sign of the level difference. The level
/// part decides where bands are wide (EAQI: PM2.5 5/15/50/90/140 µg/m³), the concentration part where levels
/// are narrow (DAQI's points of 5-12 µg/m³, AQHI+'s 10 µg/m³), so that a 10-40 km model cell against one point
/// is never called different for less than what reconciliation accepts for the raw PM.
public enum IndexComparator {
    /// How many levels apart still count as agreement.
    public static let agreementLevels = 1

    /// The state of two values of the same index, with the PM tolerances of `thresholds`.
    public static func state(
        local: IndexValue, reference: IndexValue, thresholds: ReconciliationThresholds = ReconciliationThresholds()
    ) -> IndexComparisonState {
        let difference = local.level.ordinal - reference.level.ordinal
        if abs(difference) <= agreementLevels { return .agrees }
        if local.pollutant == reference.pollutant {
            let delta = local.concentration - reference.concentration
            if abs(delta) <= thresholds.agreementAbsolute { return .agrees }
            if reference.concentration > 0 {
                let ratio = local.concentration / reference.concentration
                if ratio >= 1 / thresholds.agreementFactor, ratio <= thresholds.agreementFactor { return .agrees }
            }
        }
        return difference > 0 ? .localHigher : .localLower
    }

    /// The index computed from the model over the hours `local` used, with the same averaging, or nil when the
    /// model does not cover enough of them (the same 18-of-24 rule as the local running mean).
    public static func referenceValue(
        of index: AirQualityIndexID, averaging: LocalAveraging, hours: [LocalHour], model: ReferenceAirQuality
    ) -> IndexValue? {
        let definition = index.definition
        func modelMean(_ hour: LocalHour, _ pollutant: KeyPath<ModelPM, Double?>) -> Double? {
            model.hourMean(pollutant, hourStart: Date(timeIntervalSince1970: Double(hour.hour) * 3600))
        }
        switch averaging {
        case .twentyFourHourRunning:
            // The same hours the local mean used: those with a valid local value of that pollutant.
            let pm25 = LocalIndexEvaluator.runningMean(hours.filter { $0.pm25 != nil }.map { modelMean($0, \.pm25) })
            let pm10 = LocalIndexEvaluator.runningMean(hours.filter { $0.pm10 != nil }.map { modelMean($0, \.pm10) })
            return definition.overall(pm25: pm25, pm10: pm10, averaging: averaging)
        case .oneHour:
            guard let newest = hours.last else { return nil }
            return definition.overall(
                pm25: newest.pm25 == nil ? nil : modelMean(newest, \.pm25),
                pm10: newest.pm10 == nil ? nil : modelMean(newest, \.pm10), averaging: averaging)
        case .nowCast, .instant, .given:
            return nil
        }
    }

    /// The comparison of `local` (the value ``LocalIndexEvaluator`` gave for `index` from `hours`) with the
    /// reference in `snapshot`, when that was fetched at most `maximumReferenceAge` seconds before `now`.
    public static func compare(
        index: AirQualityIndexID, local: IndexValue?, hours: [LocalHour], snapshot: ReferenceSnapshot, now: Date,
        maximumReferenceAge: Double = ReconciliationThresholds().maximumReferenceAge
    ) -> IndexComparison {
        let reading = snapshot.reading(notOlderThan: maximumReferenceAge, at: now)
        let provider = reading.flatMap { providerValue(of: index, in: $0) }
        let averaging = index.definition.localAveraging
        guard let reading else {
            let why = snapshot.reading == nil ? "no Open-Meteo reading yet" : "the Open-Meteo reading is older than 3 h"
            return IndexComparison(
                state: .referenceUnavailable, reference: nil, provider: nil,
                reason: snapshot.error.map { "\(why) (\($0))" } ?? why)
        }
        let reference = referenceValue(of: index, averaging: averaging, hours: hours, model: reading)
        guard let local, local.averaging == averaging else {
            return IndexComparison(
                state: .pending, reference: reference, provider: provider,
                reason: "the local value is not yet on the index's own averaging (\(averaging.rawValue))")
        }
        guard let reference else {
            return IndexComparison(
                state: .referenceUnavailable, reference: nil, provider: provider,
                reason: "Open-Meteo's hourly PM covers too few of the same hours for a \(averaging.rawValue) value")
        }
        let state = state(local: local, reference: reference)
        let levels = "local \(local.level.name) (\(local.display)) vs \(reference.level.name) (\(reference.display)) "
            + "from Open-Meteo's PM, both \(averaging.rawValue) on the same table"
        let verdict = switch state {
        case .agrees: "same or neighbouring level, or the concentrations agree"
        case .localHigher: "local at least two levels higher, beyond the PM agreement"
        default: "local at least two levels lower, beyond the PM agreement"
        }
        return IndexComparison(state: state, reference: reference, provider: provider, reason: "\(levels): \(verdict)")
    }

    /// Open-Meteo's own values of `index`, where it serves one: `european_aqi*` for the EAQI, on the older EEA
    /// bands and Open-Meteo's 0-100+ scale, so beside the comparison and never in it.
    static func providerValue(of index: AirQualityIndexID, in reading: ReferenceAirQuality) -> ProviderIndexValue? {
        guard index == .euEAQI else { return nil }
        guard reading.europeanAQI != nil || reading.europeanAQIPM25 != nil || reading.europeanAQIPM10 != nil else {
            return nil
        }
        return ProviderIndexValue(
            value: reading.europeanAQI, pm25: reading.europeanAQIPM25, pm10: reading.europeanAQIPM10,
            note: "Open-Meteo's european_aqi: the EEA's pre-2024 bands on Open-Meteo's 0-100+ scale, not the station's 1-6 bands")
    }
}
