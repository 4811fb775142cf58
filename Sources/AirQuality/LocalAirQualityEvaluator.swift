import CheckedConversions

/// The station's own AQI from its stored and live aggregates: correction, then the instantaneous index,
/// the NowCast and the 24-hour mean, for PM2.5 and PM10. Pure: aggregates and time in, indices out.
///
/// Rules:
/// - The PM2.5 correction runs on each hourly (or minute) mean before any index: on the CF=1 channel where
///   the sensor has one, with the sensor's own humidity, or `fallbackHumidity` (Open-Meteo's) when it has
///   none.
/// - Only complete clock hours count, and only hours holding ``HourlyMean/minimumCoverage`` of the
///   expected minutes; a thin hour is a missing hour.
/// - NowCast: the 12 most recent complete hours (newest first, gaps as missing).
/// - 24-hour mean: the mean of the valid hours among the last 24, when at least 18 (75 %) are valid.
/// - Instantaneous: the mean of the minutes in the last ``instantWindowMinutes``, read on the 24-hour table
///   (no EPA averaging period is that short; it is labelled `instant` so nobody mistakes it).
/// - The reported index is the NowCast (AirNow's real-time index); before 2 of the 3 newest hours exist it
///   is the instantaneous one.
public struct LocalAirQualityEvaluator: Sendable {
    /// Minutes averaged for the instantaneous index.
    public static let instantWindowMinutes: Int64 = 10
    /// Valid hours needed among the last 24 for a 24-hour mean.
    public static let minimumDailyHours = 18

    /// The PM2.5 correction to apply.
    public var correction: PM25Correction
    /// Minutes with data expected in a complete hour (60 at one reading a minute or faster; fewer when
    /// the sensor is duty-cycled).
    public var expectedMinutesPerHour: Int

    /// An evaluator.
    public init(correction: PM25Correction = .none, expectedMinutesPerHour: Int = 60) {
        self.correction = correction
        self.expectedMinutesPerHour = max(1, min(60, expectedMinutesPerHour))
    }

    /// Evaluates the indices at `now` (seconds since 1970 UTC).
    ///
    /// - Parameters:
    ///   - hours: hourly aggregates, any order (the current, incomplete hour and anything older than 24 h
    ///     are ignored).
    ///   - minutes: recent minute aggregates, any order.
    ///   - fallbackHumidity: relative humidity in % for the correction when the sensor reports none.
    public func evaluate(
        hours: [HourlyAggregate], minutes: [MinuteAggregate], now: Double, fallbackHumidity: Double? = nil
    ) -> LocalAirQuality {
        let currentHour = Int64(flooringTime: now / 3600)
        var byHour: [Int64: HourlyAggregate] = [:]
        for hour in hours where hour.hour < currentHour && hour.hour >= currentHour - 24 {
            if hour.isValid(expectedMinutes: expectedMinutesPerHour) { byHour[hour.hour] = hour }
        }
        var corrections: [CorrectedPM25] = []
        var hourly: [LocalHour] = []
        for offset in 1...24 {
            let key = currentHour - Int64(offset)
            guard let hour = byHour[key] else {
                hourly.append(LocalHour(hour: key, pm25: nil, pm10: nil))
                continue
            }
            let corrected = hour.pm25.map { atm in
                correct(atm: atm, cf1: hour.pm25CF1, humidity: hour.humidity ?? fallbackHumidity)
            }
            if let corrected { corrections.append(corrected) }
            hourly.append(LocalHour(hour: key, pm25: corrected?.value, pm10: hour.pm10))
        }

        let nowCast = OverallIndex(
            [Pollutant.pm2_5, .pm10].compactMap { pollutant in
                let values = hourly.prefix(NowCast.windowHours).map { pollutant == .pm2_5 ? $0.pm25 : $0.pm10 }
                guard let index = try? AQICalculator.nowCastIndex(pollutant, hourlyMeans: values),
                    index.value != nil
                else { return nil }
                return index
            })
        let daily = OverallIndex(
            [Pollutant.pm2_5, .pm10].compactMap { pollutant in
                let values = hourly.compactMap { pollutant == .pm2_5 ? $0.pm25 : $0.pm10 }
                guard values.count >= Self.minimumDailyHours else { return nil }
                let mean = values.reduce(0, +) / Double(values.count)
                return try? AQICalculator.subIndex(pollutant, averaging: .twentyFourHours, concentration: mean)
            })

        let currentMinute = MinuteAggregate.minute(containing: now)
        let window = minutes.filter { $0.minute <= currentMinute && $0.minute > currentMinute - Self.instantWindowMinutes }
        var instantPM25 = StatisticAccumulator()
        var instantPM10 = StatisticAccumulator()
        var latestCorrection: CorrectedPM25?
        for minute in window.sorted(by: { $0.minute < $1.minute }) {
            if let atm = minute.pm25?.mean {
                let corrected = correct(
                    atm: atm, cf1: minute.pm25CF1, humidity: minute.humidity ?? fallbackHumidity)
                instantPM25.add(corrected.value)
                latestCorrection = corrected
            }
            instantPM10.add(minute.pm10?.mean)
        }
        return LocalAirQuality(
            instant: OverallIndex.particulate24h(pm25: instantPM25.statistic?.mean, pm10: instantPM10.statistic?.mean), nowCast: nowCast, dailyMean: daily,
            instantPM25: instantPM25.statistic?.mean, instantPM10: instantPM10.statistic?.mean,
            hourly: hourly.reversed(), correction: latestCorrection ?? corrections.first)
    }

    /// PM2.5 after the configured correction, as every index here uses it: the EPA corrections run on the
    /// CF=1 value where the sensor has one (else the atmospheric one) with `humidity` in %; when a wanted
    /// correction cannot run (no humidity) the atmospheric value stands, with the reason in `note`. The
    /// station's history answers use the same rule, so stored and live values agree.
    public func correct(atm: Double, cf1: Double?, humidity: Double?) -> CorrectedPM25 {
        switch correction {
        case .none: return correction.apply(pm25: atm, relativeHumidity: humidity)
        case .epa2021, .epa2022Smoke:
            let corrected = correction.apply(pm25: cf1 ?? atm, relativeHumidity: humidity)
            // CF=1 is only meaningful as the correction's input; uncorrected, the atmospheric value stands.
            guard corrected.correction == correction else {
                return CorrectedPM25(value: atm, correction: .none, note: corrected.note)
            }
            return corrected
        }
    }
}

/// One complete clock hour as the evaluator used it (PM2.5 after correction), µg/m³; nil = missing hour.
public struct LocalHour: Sendable, Hashable {
    /// Whole hours since 1970-01-01T00:00Z.
    public var hour: Int64
    /// Corrected mean PM2.5.
    public var pm25: Double?
    /// Mean PM10.
    public var pm10: Double?

    /// The hour starting `hour` hours after 1970-01-01T00:00Z.
    public init(hour: Int64, pm25: Double?, pm10: Double?) {
        self.hour = hour
        self.pm25 = pm25
        self.pm10 = pm10
    }
}

/// The basis of a reported index. Raw values are the API's `basis` strings.
public enum IndexBasis: String, Sendable, CaseIterable {
    /// The EPA NowCast over 12 hours.
    case nowCast = "nowcast"
    /// The mean of the last 24 hours.
    case dailyMean = "24h"
    /// The mean of the last few minutes.
    case instant
}

/// What the evaluator found.
public struct LocalAirQuality: Sendable, Hashable {
    /// Index of the last few minutes' means (PM2.5 and PM10), if any.
    public var instant: OverallIndex?
    /// The NowCast index (PM2.5 and PM10), if defined.
    public var nowCast: OverallIndex?
    /// The 24-hour-mean index, if at least 18 of 24 hours are valid.
    public var dailyMean: OverallIndex?
    /// Mean corrected PM2.5 of the instant window, µg/m³.
    public var instantPM25: Double?
    /// Mean PM10 of the instant window, µg/m³.
    public var instantPM10: Double?
    /// The last 24 complete hours, oldest first (missing hours with nil values).
    public var hourly: [LocalHour]
    /// The most recent correction applied, with the correction that actually ran.
    public var correction: CorrectedPM25?

    /// The index the station reports, with its basis: the NowCast, else the instantaneous index.
    public var reported: (index: OverallIndex, basis: IndexBasis)? {
        if let nowCast { return (nowCast, .nowCast) }
        if let instant { return (instant, .instant) }
        return nil
    }
}
