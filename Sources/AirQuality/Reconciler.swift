import CheckedConversions
public import FoundationEssentials

/// Reconciles the local sensor against the regional reference: pure, clock passed in.
///
/// Like is compared with like: local PM2.5/PM10 *hourly means* against the model's values over the same
/// clock hours, and the local *24-hour-mean* PM AQI against `max(us_aqi_pm2_5, us_aqi_pm10)` — never
/// against `us_aqi` (which contains ozone and the gases) and never an instantaneous or NowCast index
/// against the model's 24-hour one. The state is decided on PM2.5; docs/reconciliation.md explains each
/// rule and threshold.
///
/// Order of the rules: a stuck sensor is flagged even without a reference; otherwise no usable reference
/// gives `reference_unavailable`; then zero-while-polluted and long-run drift give `sensor_suspect`; the
/// rest is `agrees`, `local_higher` or `local_lower`.
public enum Reconciler {
    /// Evaluates the sensor.
    ///
    /// - Parameters:
    ///   - local: the station's hourly means (any order; incomplete hours, those ending after `now`, are ignored).
    ///   - localAQI24h: the station's PM AQI of the 24-hour mean (reported next to the reference's).
    ///   - reference: the latest reference, with its age and last error.
    ///   - history: the long-run memory, updated with the hours paired now.
    ///   - now: the current time.
    /// - Returns: nil when the sensor has produced no hourly PM2.5 in the last 24 hours (nothing to
    ///   reconcile; the AQI source selection covers the display).
    public static func evaluate(
        local: [HourlyPM], localAQI24h: Int?, reference: ReferenceSnapshot, history: inout ReconciliationHistory,
        now: Date, thresholds: ReconciliationThresholds = ReconciliationThresholds()
    ) -> Reconciliation? {
        let complete = local
            .filter { $0.hourStart.addingTimeInterval(3600) <= now && $0.hourStart >= now.addingTimeInterval(-86_400) }
            .sorted { $0.hourStart > $1.hourStart }
        guard complete.contains(where: { $0.pm25 != nil }) else { return nil }

        let age = reference.age(at: now)
        let usable = reference.reading(notOlderThan: thresholds.maximumReferenceAge, at: now)
        var result = Builder(
            localAQI24h: localAQI24h, referenceAQI24h: usable?.pmAQI, referenceAge: age,
            referenceError: reference.error, now: now)

        if let stuck = stuckSeries(complete, thresholds: thresholds, now: now) {
            return result.make(
                .sensorSuspect, .stuck,
                "PM2.5 hourly means stayed at \(format(stuck)) µg/m³ (within \(format(thresholds.stuckSpread, 2))) "
                    + "for \(thresholds.stuckHours) hours; real air always moves")
        }
        guard let reading = usable else {
            return result.make(.referenceUnavailable, nil, unavailableExplanation(reference, now: now, thresholds))
        }

        // Record every complete hour the model covers, for the long-run ratio.
        for hour in complete {
            guard let value = hour.pm25, let model = reading.hourMean(\.pm25, hourStart: hour.hourStart) else { continue }
            history.record(
                hourStart: hour.hourStart, local: value, reference: model, now: now, window: thresholds.driftWindow)
        }
        let recent = complete.filter { $0.hourStart >= now.addingTimeInterval(-thresholds.comparisonLookback) }
        let pm25Pairs = pairs(recent, reading, \.pm25, \.pm25, limit: thresholds.comparisonHours)
        let pm10Pairs = pairs(recent, reading, \.pm10, \.pm10, limit: thresholds.comparisonHours)
        result.pm25 = comparison(.pm2_5, pm25Pairs)
        result.pm10 = comparison(.pm10, pm10Pairs)
        let longRun = history.longRunRatio(
            now: now, window: thresholds.driftWindow, referenceMinimum: thresholds.driftReferenceMinimum)
        result.longRunRatio = longRun.ratio
        result.longRunHours = longRun.hours

        guard let pm25 = result.pm25 else {
            return result.make(
                .referenceUnavailable, nil,
                "Open-Meteo has no hourly PM2.5 for the station's last \(Int(clampingRounded: thresholds.comparisonLookback / 3600, .down)) hours")
        }
        if pm25Pairs.count >= thresholds.zeroHours,
            pm25Pairs.allSatisfy({ $0.local <= thresholds.zeroLevel && $0.reference >= thresholds.zeroReferenceMinimum })
        {
            return result.make(
                .sensorSuspect, .zeroWhileReferenceHigh,
                "the sensor reads \(format(pm25.local)) µg/m³ PM2.5 while Open-Meteo has \(format(pm25.reference)) µg/m³ "
                    + "over the last \(pm25.hours) hours; a polluted region has no particle-free spot outdoors")
        }
        if let ratio = longRun.ratio, longRun.hours >= thresholds.driftMinimumHours,
            ratio > thresholds.driftUpperRatio || ratio < thresholds.driftLowerRatio
        {
            return result.make(
                .sensorSuspect, .longRunDrift,
                "over \(longRun.hours) hours the sensor reads \(format(ratio, 2))× Open-Meteo's PM2.5, beyond the "
                    + "\(format(thresholds.driftLowerRatio, 2))-\(format(thresholds.driftUpperRatio, 2))× a model explains")
        }
        let summary = "local PM2.5 \(format(pm25.local)) µg/m³ vs Open-Meteo \(format(pm25.reference)) µg/m³ "
            + "over the last \(pm25.hours) h"
        let withinFactor = pm25.ratio.map {
            $0 <= thresholds.agreementFactor && $0 >= 1 / thresholds.agreementFactor
        } ?? false
        if abs(pm25.difference) <= thresholds.agreementAbsolute || withinFactor {
            return result.make(.agrees, nil, summary + ": within what a 10-40 km model cell resolves")
        }
        if pm25.difference > 0 {
            return result.make(.localHigher, nil, summary + ": higher locally (a local source, such as smoke, is real)")
        }
        return result.make(.localLower, nil, summary + ": lower locally")
    }

    // MARK: Rules

    /// The level of a flat series of the newest `stuckHours` consecutive hourly means, if there is one.
    static func stuckSeries(_ newestFirst: [HourlyPM], thresholds: ReconciliationThresholds, now: Date) -> Double? {
        let values = newestFirst.compactMap { hour in hour.pm25.map { (hour.hourStart, $0) } }
        guard thresholds.stuckHours >= 2, values.count >= thresholds.stuckHours,
            values[0].0 >= now.addingTimeInterval(-thresholds.comparisonLookback)
        else { return nil }
        let run = values.prefix(thresholds.stuckHours)
        for (newer, older) in zip(run, run.dropFirst()) where newer.0.timeIntervalSince(older.0) != 3600 {
            return nil
        }
        let levels = run.map(\.1)
        guard let low = levels.min(), let high = levels.max(), high - low <= thresholds.stuckSpread else { return nil }
        let mean = levels.reduce(0, +) / Double(levels.count)
        return mean >= thresholds.stuckMinimumLevel ? mean : nil
    }

    private struct Pair {
        let local: Double
        let reference: Double
    }

    private static func pairs(
        _ newestFirst: [HourlyPM], _ reading: ReferenceAirQuality, _ localValue: KeyPath<HourlyPM, Double?>,
        _ modelValue: KeyPath<ModelPM, Double?>, limit: Int
    ) -> [Pair] {
        var result: [Pair] = []
        for hour in newestFirst where result.count < limit {
            guard let local = hour[keyPath: localValue],
                let model = reading.hourMean(modelValue, hourStart: hour.hourStart)
            else { continue }
            result.append(Pair(local: local, reference: model))
        }
        return result
    }

    private static func comparison(_ pollutant: Pollutant, _ pairs: [Pair]) -> PMComparison? {
        guard !pairs.isEmpty else { return nil }
        let count = Double(pairs.count)
        return PMComparison(
            pollutant: pollutant, local: pairs.reduce(0) { $0 + $1.local } / count,
            reference: pairs.reduce(0) { $0 + $1.reference } / count, hours: pairs.count)
    }

    static func unavailableExplanation(
        _ reference: ReferenceSnapshot, now: Date, _ thresholds: ReconciliationThresholds
    ) -> String {
        var text: String
        if let age = reference.age(at: now), reference.reading != nil {
            text = "the last Open-Meteo reading is \(format(age / 3600)) h old "
                + "(limit \(format(thresholds.maximumReferenceAge / 3600)) h)"
        } else {
            text = "no Open-Meteo reading yet"
        }
        if let error = reference.error { text += "; last error: \(error)" }
        return text
    }

    static func format(_ value: Double, _ decimals: Int = 1) -> String {
        DecimalFormatting.fixed(value, decimals: decimals)
    }

    /// Collects the parts of a result as the rules fill them in.
    private struct Builder {
        let localAQI24h: Int?
        let referenceAQI24h: Int?
        let referenceAge: Double?
        let referenceError: String?
        let now: Date
        var pm25: PMComparison?
        var pm10: PMComparison?
        var longRunRatio: Double?
        var longRunHours = 0

        init(localAQI24h: Int?, referenceAQI24h: Int?, referenceAge: Double?, referenceError: String?, now: Date) {
            self.localAQI24h = localAQI24h
            self.referenceAQI24h = referenceAQI24h
            self.referenceAge = referenceAge
            self.referenceError = referenceError
            self.now = now
        }

        func make(_ state: ReconciliationState, _ reason: SuspectReason?, _ explanation: String) -> Reconciliation {
            Reconciliation(
                state: state, suspectReason: reason, explanation: explanation, pm25: pm25, pm10: pm10,
                localAQI24h: localAQI24h, referenceAQI24h: referenceAQI24h, longRunRatio: longRunRatio,
                longRunHours: longRunHours, referenceAge: referenceAge, referenceError: referenceError,
                evaluatedAt: now)
        }
    }
}
