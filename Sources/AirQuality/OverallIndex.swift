/// The reported AQI: the maximum of the sub-indices, with the pollutant responsible for it.
public struct OverallIndex: Sendable, Hashable {
    /// The reported index.
    public let value: Int
    /// The sub-index that gave ``value`` (the first one in the input order on a tie).
    public let responsible: SubIndex
    /// Every sub-index considered, including those without a value.
    public let subIndices: [SubIndex]

    /// The maximum over `subIndices` that have a value; nil when none has.
    public init?(_ subIndices: [SubIndex]) {
        var best: (value: Int, index: SubIndex)?
        for index in subIndices {
            guard let value = index.value else { continue }
            if best == nil || value > best!.value {
                best = (value, index)
            }
        }
        guard let best else { return nil }
        self.value = best.value
        self.responsible = best.index
        self.subIndices = subIndices
    }

    /// The Breeze level of the index.
    public var level: AQILevel { AQILevel(index: value) }

    /// The EPA category of the index.
    public var epaCategory: EPACategory { EPACategory(index: value) }
}

extension AQICalculator {
    /// The ozone index from the 8-hour and the 1-hour mean (ppm), as the EPA combines them: each where its
    /// table is defined, the larger where both are. Nil when neither value is given.
    public static func ozone(eightHour: Double?, oneHour: Double?) throws(AQIInputError) -> SubIndex? {
        let eight = try eightHour.map { value throws(AQIInputError) in
            try subIndex(.o3, averaging: .eightHours, concentration: value)
        }
        let one = try oneHour.map { value throws(AQIInputError) in
            try subIndex(.o3, averaging: .oneHour, concentration: value)
        }
        switch (eight, one) {
        case (nil, nil): return nil
        case (let single?, nil), (nil, let single?): return single
        case (let eight?, let one?):
            guard let eightValue = eight.value else { return one }
            guard let oneValue = one.value else { return eight }
            return oneValue > eightValue ? one : eight
        }
    }

    /// The SO2 index from the 1-hour and 24-hour means (ppb), as the EPA combines them: the 1-hour table up to
    /// 304 ppb; above, the 24-hour mean on the 305+ rows. When the 1-hour value is above 304 ppb but the
    /// 24-hour mean is below 305 ppb (or unknown), the index is 200, the top of what the 1-hour table can say.
    public static func sulphurDioxide(oneHour: Double, twentyFourHour: Double?) throws(AQIInputError) -> SubIndex {
        let one = try subIndex(.so2, averaging: .oneHour, concentration: oneHour)
        if one.value != nil { return one }
        if let twentyFourHour {
            let daily = try subIndex(.so2, averaging: .twentyFourHours, concentration: twentyFourHour)
            if daily.value != nil { return daily }
        }
        return SubIndex(
            pollutant: .so2, averaging: .oneHour, concentration: one.concentration, value: 200,
            isBeyondIndex: false,
            unavailableReason: nil)
    }
}

extension OverallIndex {
    /// The particulate index of means (µg/m³) on the 24-hour table, the larger of the PM2.5 and PM10
    /// sub-indices: a minute's, an hour's or a day's mean as the station shows it. nil when neither has one.
    public static func particulate24h(pm25: Double?, pm10: Double?) -> OverallIndex? {
        var indices: [SubIndex] = []
        if let pm25, let index = try? AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: pm25) {
            indices.append(index)
        }
        if let pm10, let index = try? AQICalculator.subIndex(.pm10, averaging: .twentyFourHours, concentration: pm10) {
            indices.append(index)
        }
        return OverallIndex(indices)
    }
}
