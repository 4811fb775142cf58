/// The US EPA AQI equation (Technical Assistance Document, May 2024): truncate, find the breakpoint row,
/// interpolate, round half up.
///
/// All arithmetic after truncation is on integers, so exact halves (1.1 ppm CO gives 12.5) round up as the
/// EPA intends instead of falling to the binary neighbour below.
public enum AQICalculator {
    /// The largest concentration accepted, in the pollutant's unit. Anything above is an input or units error.
    public static let maximumConcentration = 100_000.0

    /// The sub-index for `concentration` of `pollutant` averaged over `averaging`.
    ///
    /// - Parameters:
    ///   - concentration: in ``Pollutant/unit`` (µg/m³ for PM, ppm for O3 and CO, ppb for SO2 and NO2); any
    ///     binary floating-point type, so a `Float` mean keeps its intended decimal value.
    /// - Returns: the index, or an index with a nil value and a reason when the averaging period has no
    ///   breakpoints at this concentration (O3 8 h above 0.200 ppm, O3 1 h below 0.125 ppm, SO2 1 h above
    ///   304 ppb, SO2 24 h below 305 ppb).
    /// - Throws: ``AQIInputError`` for a negative, non-finite or implausible value, or an averaging period the
    ///   pollutant has no table for.
    public static func subIndex(
        _ pollutant: Pollutant,
        averaging: AveragingPeriod,
        concentration: some BinaryFloatingPoint
    ) throws(AQIInputError) -> SubIndex {
        let value = Double(concentration)
        func failure(_ kind: AQIInputError.Kind) -> AQIInputError {
            AQIInputError(kind: kind, pollutant: pollutant, averaging: averaging, value: value)
        }
        guard value.isFinite else { throw failure(.notFinite) }
        guard value >= 0 else { throw failure(.negative) }
        guard value <= maximumConcentration else { throw failure(.implausiblyLarge) }
        guard let table = BreakpointTable.epa2024(pollutant, averaging.tablePeriod),
            averaging != .nowCast || pollutant == .pm2_5 || pollutant == .pm10
        else { throw failure(.unsupportedAveraging) }
        return subIndex(table: table, averaging: averaging, concentration: value)
    }

    /// The sub-index on an explicit table. `concentration` must be finite and non-negative.
    static func subIndex(table: BreakpointTable, averaging: AveragingPeriod, concentration: Double) -> SubIndex {
        let steps = ConcentrationTruncation.steps(concentration, stepsPerUnit: table.stepsPerUnit)
        let truncated = Double(steps) / Double(table.stepsPerUnit)
        func result(_ value: Int?, beyond: Bool = false, reason: String? = nil) -> SubIndex {
            SubIndex(
                pollutant: table.pollutant, averaging: averaging, concentration: truncated, value: value,
                isBeyondIndex: beyond, unavailableReason: reason)
        }
        guard let first = table.rows.first, let last = table.rows.last else {
            return result(nil, reason: "no breakpoints")
        }
        if steps < first.concentrationLow {
            return result(nil, reason: reasonBelow(table, first))
        }
        if let row = table.rows.first(where: { $0.concentrationLow <= steps && steps <= $0.concentrationHigh }) {
            return result(interpolate(steps, on: row))
        }
        guard steps > last.concentrationHigh else {
            // Unreachable for the EPA tables, whose rows are contiguous at their precision.
            return result(nil, reason: "concentration falls between breakpoint rows")
        }
        guard table.extendsBeyondTop else {
            return result(nil, reason: reasonAbove(table, last))
        }
        return result(interpolate(steps, on: last), beyond: true)
    }

    /// I = (I_hi − I_lo) / (BP_hi − BP_lo) · (C − BP_lo) + I_lo, rounded half up, in exact integer arithmetic.
    static func interpolate(_ steps: Int64, on row: Breakpoint) -> Int {
        let numerator = (row.indexHigh - row.indexLow) * (steps - row.concentrationLow)
        let denominator = row.concentrationHigh - row.concentrationLow
        guard denominator > 0 else { return Int(row.indexLow) }
        // floor(n/d + 1/2) = floor((2n + d) / 2d) for n, d ≥ 0.
        return Int(row.indexLow + (2 * numerator + denominator) / (2 * denominator))
    }

    private static func format(_ steps: Int64, _ table: BreakpointTable) -> String {
        let value = Double(steps) / Double(table.stepsPerUnit)
        return DecimalFormatting.fixed(value, decimals: table.decimals) + " " + table.pollutant.unit.rawValue
    }

    private static func reasonBelow(_ table: BreakpointTable, _ first: Breakpoint) -> String {
        let name = "\(table.pollutant.rawValue) \(table.averaging.rawValue)"
        let alternative = table.pollutant == .o3 ? "; use the 8h value" : "; use the 1h value"
        return "\(name) breakpoints start at \(format(first.concentrationLow, table))\(alternative)"
    }

    private static func reasonAbove(_ table: BreakpointTable, _ last: Breakpoint) -> String {
        let name = "\(table.pollutant.rawValue) \(table.averaging.rawValue)"
        let alternative = table.pollutant == .o3 ? "; use the 1h value" : "; use the 24h value"
        return "\(name) breakpoints end at \(format(last.concentrationHigh, table))\(alternative)"
    }
}
