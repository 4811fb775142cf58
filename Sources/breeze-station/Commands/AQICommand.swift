import AirQuality

/// `breeze-station aqi`: the US AQI of one concentration, or the NowCast of up to 12 hourly means.
enum AQICommand: Subcommand {
    static let name = "aqi"
    static let summary = "Compute the US AQI (EPA 2024) or another index of a concentration or a NowCast"
    static let help = """
        Usage: breeze-station aqi <pollutant> <concentration> [--averaging 1h|8h|24h]
               breeze-station aqi pm2_5|pm10 --nowcast <newest>,<next>,...
               breeze-station aqi --index <index> pm2_5|pm10 <concentration>

        Computes the US AQI with the EPA breakpoint tables of May 2024: the concentration is truncated to the
        table's precision, interpolated, and the index rounded half up. Above the top breakpoint the index
        continues on the Hazardous row and "beyond_index" is true.

        Pollutants and units:
          pm2_5, pm10   µg/m³   default averaging 24h
          o3, co        ppm     default averaging 8h (o3 also 1h)
          so2, no2      ppb     default averaging 1h (so2 also 24h)

        Indices (--index; PM2.5 and PM10 only except us-epa; see docs/indices.md):
          us-epa         US AQI, EPA May 2024 (the default)
          eu-eaqi        European Air Quality Index, EEA 2024 bands, 24-hour mean
          uk-daqi        UK Daily Air Quality Index (Defra), 24-hour mean
          ca-aqhi-plus   Canada's AQHI+ (PM2.5 only), 1-hour mean
          in-naqi        India's National Air Quality Index (CPCB), 24-hour mean
          cn-aqi         China's AQI (HJ 633-2012 IAQI), 24-hour mean

        Options:
          --index NAME        the index to compute (default us-epa)
          --averaging P       1h, 8h or 24h (default: the pollutant's standard period)
          --nowcast LIST      up to 12 hourly means, newest first, comma-separated; an empty field is a
                              missing hour (e.g. 21,,35,49.2). PM2.5 and PM10 only.
          --help              show this help

        Prints one JSON object: pollutant, averaging, concentration (the truncated value used), unit, aqi
        (null with a reason when the averaging period has no breakpoints there), beyond_index, level, text,
        emoji, description, color, tips, epa_category, epa_color. With another --index: index, name, pollutant,
        averaging, concentration (after the index's rounding), unit, value, display, beyond_index, level, text,
        color, advice, source. Bad input exits 2.
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let averagingText = try arguments.option("--averaging")
        let nowCastText = try arguments.option("--nowcast")
        let indexText = try arguments.option("--index")
        if let indexText {
            guard let index = AirQualityIndexID(rawValue: indexText) else {
                throw UsageError("unknown --index '\(indexText)' (expected one of \(AirQualityIndexID.names))")
            }
            if index != .usEPA {
                return try IndexCommand.run(
                    index.definition, arguments: &arguments, averagingText: averagingText, nowCastText: nowCastText)
            }
        }
        guard let pollutantText = arguments.positional() else {
            throw UsageError("missing <pollutant> (one of \(pollutantNames))")
        }
        guard let pollutant = Pollutant(rawValue: pollutantText) else {
            throw UsageError("unknown pollutant '\(pollutantText)' (expected one of \(pollutantNames))")
        }
        let concentrationText = arguments.positional()
        try arguments.finish()

        let index: SubIndex
        var nowCast: NowCastDetails?
        if let nowCastText {
            guard concentrationText == nil else {
                throw UsageError("give either <concentration> or --nowcast, not both")
            }
            guard averagingText == nil else { throw UsageError("--averaging does not apply to --nowcast") }
            guard pollutant == .pm2_5 || pollutant == .pm10 else {
                throw UsageError("--nowcast is defined for pm2_5 and pm10 only, not '\(pollutant.rawValue)'")
            }
            let hours = try parseHours(nowCastText)
            index = try computeIndex { () throws(AQIInputError) in
                try AQICalculator.nowCastIndex(pollutant, hourlyMeans: hours)
            }
            nowCast = NowCastDetails(hours: hours)
        } else {
            guard let concentrationText else {
                throw UsageError("missing <concentration> in \(pollutant.unit.rawValue) (or use --nowcast)")
            }
            let averaging = try parseAveraging(averagingText, pollutant: pollutant)
            let concentration = try parseConcentration(concentrationText)
            index = try computeIndex { () throws(AQIInputError) in
                try AQICalculator.subIndex(pollutant, averaging: averaging, concentration: concentration)
            }
        }
        try Output.json(AQIReport(index: index, nowCast: nowCast))
        return ExitStatus.success
    }

    private static var pollutantNames: String {
        Pollutant.allCases.map(\.rawValue).joined(separator: ", ")
    }

    private static func computeIndex(_ body: () throws(AQIInputError) -> SubIndex) throws(UsageError) -> SubIndex {
        do {
            return try body()
        } catch {
            throw UsageError(error.description)
        }
    }

    private static func parseAveraging(_ text: String?, pollutant: Pollutant) throws(UsageError) -> AveragingPeriod {
        guard let text else { return pollutant.standardAveraging }
        guard let averaging = AveragingPeriod(rawValue: text), averaging != .nowCast else {
            throw UsageError("invalid --averaging '\(text)' (expected 1h, 8h or 24h)")
        }
        guard pollutant.averagingPeriods.contains(averaging) else {
            let supported = pollutant.averagingPeriods.map(\.rawValue).joined(separator: ", ")
            throw UsageError("--averaging \(text) is not defined for \(pollutant.rawValue) (supported: \(supported))")
        }
        return averaging
    }

    private static func parseConcentration(_ text: String) throws(UsageError) -> Double {
        guard let value = Double(text), value.isFinite else {
            throw UsageError("invalid <concentration> '\(text)': not a number")
        }
        guard value >= 0 else { throw UsageError("invalid <concentration> '\(text)': must not be negative") }
        return value
    }

    private static func parseHours(_ text: String) throws(UsageError) -> [Double?] {
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        guard fields.count <= NowCast.windowHours else {
            throw UsageError("--nowcast takes at most \(NowCast.windowHours) hourly means (got \(fields.count))")
        }
        var hours: [Double?] = []
        for (position, field) in fields.enumerated() {
            let trimmed = field.trimmingCharacters(in: " ")
            if trimmed.isEmpty {
                hours.append(nil)
                continue
            }
            guard let value = Double(trimmed), value.isFinite else {
                throw UsageError("invalid --nowcast hour \(position + 1) '\(trimmed)': not a number")
            }
            guard value >= 0 else {
                throw UsageError("invalid --nowcast hour \(position + 1) '\(trimmed)': must not be negative")
            }
            hours.append(value)
        }
        return hours
    }
}

extension Substring {
    fileprivate func trimmingCharacters(in set: Character) -> Substring {
        var text = self
        while text.first == set { text.removeFirst() }
        while text.last == set { text.removeLast() }
        return text
    }
}
