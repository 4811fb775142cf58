/// Every configured index from the station's own evaluation (``LocalAirQuality``), each on the averaging its
/// definition asks for where the local data allow it. Pure: the evaluation in, index values out.
///
/// - US AQI: the NowCast, else the instantaneous index (exactly ``LocalAirQuality/reported``).
/// - 24-hour running mean (EAQI, DAQI, NAQI, HJ 633): the mean of the valid hours among the last 24 complete
///   hours when at least ``LocalAirQualityEvaluator/minimumDailyHours`` are valid, per pollutant.
/// - 1 hour (AQHI+): the newest complete clock hour, when it is valid.
/// - Until the index's own averaging is available, the instantaneous means stand in, labelled `instant`.
public enum LocalIndexEvaluator {
    /// The value of `index` from `local`; nil when there is no reading at all.
    public static func value(of index: AirQualityIndexID, from local: LocalAirQuality) -> IndexValue? {
        let definition = index.definition
        if index == .usEPA {
            guard let reported = local.reported else { return nil }
            let responsible = reported.index.responsible
            return IndexValue(
                index: .usEPA, pollutant: responsible.pollutant, concentration: responsible.concentration,
                value: reported.index.value, isBeyondIndex: responsible.isBeyondIndex,
                averaging: reported.basis == .nowCast ? .nowCast : .instant)
        }
        let own: (pm25: Double?, pm10: Double?)?
        switch definition.localAveraging {
        case .twentyFourHourRunning:
            let pm25 = runningMean(local.hourly.map(\.pm25))
            let pm10 = runningMean(local.hourly.map(\.pm10))
            own = pm25 == nil && pm10 == nil ? nil : (pm25, pm10)
        case .oneHour:
            let newest = local.hourly.last
            own = newest?.pm25 == nil && newest?.pm10 == nil ? nil : (newest?.pm25, newest?.pm10)
        case .nowCast, .instant, .given:
            own = nil
        }
        if let own, let value = definition.overall(pm25: own.pm25, pm10: own.pm10, averaging: definition.localAveraging) {
            return value
        }
        return definition.overall(pm25: local.instantPM25, pm10: local.instantPM10, averaging: .instant)
    }

    /// The values of `indices`, in order, leaving out those without a reading.
    public static func values(of indices: [AirQualityIndexID], from local: LocalAirQuality) -> [IndexValue] {
        indices.compactMap { value(of: $0, from: local) }
    }

    /// The mean of the valid hours when at least 18 of them are present.
    static func runningMean(_ hours: [Double?]) -> Double? {
        let valid = hours.compactMap { $0 }
        guard valid.count >= LocalAirQualityEvaluator.minimumDailyHours else { return nil }
        return valid.reduce(0, +) / Double(valid.count)
    }
}
