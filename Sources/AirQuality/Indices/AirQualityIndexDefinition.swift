/// An air-quality index as the station computes it: its tables (PM2.5 and PM10 only), rules, levels and the
/// document they come from. The US AQI is one of these, computed with the same integer arithmetic as
/// ``AQICalculator``.
public struct AirQualityIndexDefinition: Sendable {
    /// The index.
    public let id: AirQualityIndexID
    /// Its name, e.g. "European Air Quality Index".
    public let name: String
    /// A short name for small displays and metrics help, e.g. "EAQI".
    public let shortName: String
    /// The document the tables and rules come from (see docs/indices.md).
    public let source: String
    /// One table per pollutant the index covers, PM2.5 first.
    public let tables: [IndexTable]
    /// The levels, best first; together they cover every value the tables can give.
    public let levels: [IndexLevel]
    /// The averaging of the station's own data that matches the index's definition.
    public let localAveraging: LocalAveraging
    /// True when the index is a 1-10 style band number rather than a continuous scale (EEA, DAQI, AQHI+).
    public let isBanded: Bool

    /// The table for `pollutant`, when the index covers it.
    public func table(for pollutant: Pollutant) -> IndexTable? {
        tables.first { $0.pollutant == pollutant }
    }

    /// The level of an index value; a value below the first level counts as the first, one above the last
    /// (which is open-ended, so only for a malformed table) as the last.
    public func level(of value: Int) -> IndexLevel {
        if let level = levels.first(where: { $0.values.contains(value) }) { return level }
        return value < levels[0].values.lowerBound ? levels[0] : levels[levels.count - 1]
    }

    /// The text shown for a value: the number, or "10+" style for AQHI+'s open top band.
    public func display(_ value: Int) -> String {
        id == .caAQHIPlus && value > 10 ? "10+" : String(value)
    }

    /// The index of one pollutant's concentration (µg/m³), averaged as the table expects.
    ///
    /// - Throws: ``AQIInputError`` for a negative, non-finite or implausibly large value, or a pollutant the
    ///   index does not cover (kind `unsupportedAveraging`).
    public func subIndex(
        _ pollutant: Pollutant, concentration: Double, averaging: LocalAveraging = .given
    ) throws(AQIInputError) -> IndexValue {
        guard let table = table(for: pollutant) else {
            throw AQIInputError(
                kind: .unsupportedAveraging, pollutant: pollutant, averaging: .twentyFourHours, value: concentration)
        }
        func failure(_ kind: AQIInputError.Kind) -> AQIInputError {
            AQIInputError(kind: kind, pollutant: pollutant, averaging: table.averaging, value: concentration)
        }
        guard concentration.isFinite else { throw failure(.notFinite) }
        guard concentration >= 0 else { throw failure(.negative) }
        guard concentration <= AQICalculator.maximumConcentration else { throw failure(.implausiblyLarge) }
        let steps = table.steps(concentration)
        let used = Double(steps) / Double(table.stepsPerUnit)
        guard let result = table.value(atSteps: steps) else { throw failure(.unsupportedAveraging) }
        return IndexValue(
            index: id, pollutant: pollutant, concentration: used, value: result.value, isBeyondIndex: result.beyond,
            averaging: averaging)
    }

    /// The larger of the PM2.5 and PM10 indices of the given concentrations (µg/m³); nil when neither
    /// gives one. On a tie PM2.5 is the responsible pollutant.
    public func overall(pm25: Double?, pm10: Double?, averaging: LocalAveraging) -> IndexValue? {
        var best: IndexValue?
        for (pollutant, concentration) in [(Pollutant.pm2_5, pm25), (.pm10, pm10)] {
            guard let concentration, table(for: pollutant) != nil,
                let index = try? subIndex(pollutant, concentration: concentration, averaging: averaging)
            else { continue }
            if best == nil || index.value > best!.value { best = index }
        }
        return best
    }
}

/// One index value: the number, the pollutant responsible, the concentration it came from and how that was
/// averaged.
public struct IndexValue: Sendable, Hashable {
    /// The index.
    public let index: AirQualityIndexID
    /// The pollutant whose sub-index this is (the responsible one for an overall value).
    public let pollutant: Pollutant
    /// The concentration after the table's rounding, µg/m³.
    public let concentration: Double
    /// The index value (a band number for the banded indices).
    public let value: Int
    /// True above the table's top band: extrapolated for the US AQI, capped at 500 for NAQI and HJ 633. The
    /// banded indices end in an open band, which is not "beyond".
    public let isBeyondIndex: Bool
    /// How the concentration was averaged.
    public let averaging: LocalAveraging

    /// The index's definition.
    public var definition: AirQualityIndexDefinition { index.definition }
    /// The level of the value.
    public var level: IndexLevel { definition.level(of: value) }
    /// The value as shown, e.g. "10+" for AQHI+ above 100 µg/m³.
    public var display: String { definition.display(value) }
}
