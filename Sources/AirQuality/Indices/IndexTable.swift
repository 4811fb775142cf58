/// One band of an index table, in integer steps of the table's precision.
///
/// The index value inside the band is interpolated linearly from (`lower`, `indexLow`) to (`upper`,
/// `indexHigh`); a band whose two index values are equal gives that value throughout (the banded indices:
/// EEA, DAQI, AQHI+).
public struct IndexBand: Sendable, Hashable {
    /// Lowest concentration of the band, in steps (the interpolation's BP_lo).
    public let lower: Int64
    /// Highest concentration of the band, in steps; nil for an open-ended top band.
    public let upper: Int64?
    /// Index at `lower`.
    public let indexLow: Int64
    /// Index at `upper`.
    public let indexHigh: Int64

    /// A band from `lower` to `upper` steps mapping to `indexLow`...`indexHigh`.
    public init(_ lower: Int64, _ upper: Int64?, _ indexLow: Int64, _ indexHigh: Int64) {
        self.lower = lower
        self.upper = upper
        self.indexLow = indexLow
        self.indexHigh = indexHigh
    }

    /// A band with one index value throughout.
    public static func constant(_ lower: Int64, _ upper: Int64?, value: Int64) -> IndexBand {
        IndexBand(lower, upper, value, value)
    }
}

/// How a concentration is brought to a table's precision before the table is read.
public enum ConcentrationRounding: String, Sendable, Hashable {
    /// Truncate (the EPA's rule), with ``ConcentrationTruncation``'s tolerance for binary means.
    case truncate
    /// Round half up (to the nearest step; exact halves go up).
    case roundHalfUp = "round-half-up"
}

/// How an interpolated index value becomes an integer.
public enum IndexRounding: String, Sendable, Hashable {
    /// Round half up (EPA, CPCB).
    case halfUp = "half-up"
    /// Round up to the next integer (HJ 633-2012: "进位取整").
    case ceiling
}

/// What the index says above the top band's upper concentration.
public enum BeyondTopRule: String, Sendable, Hashable {
    /// Continue the top band's line (the EPA's "Beyond the AQI").
    case extrapolate
    /// Report the top band's highest index value, flagged as beyond the index.
    case cap
}

/// The table of one pollutant in one index: precision, bands and rules.
public struct IndexTable: Sendable, Hashable {
    /// The pollutant (PM2.5 or PM10).
    public let pollutant: Pollutant
    /// The averaging period the index's document defines the table for.
    public let averaging: AveragingPeriod
    /// Concentrations are brought to a multiple of `1 / stepsPerUnit` µg/m³.
    public let stepsPerUnit: Int64
    /// How the concentration is brought to that precision.
    public let concentrationRounding: ConcentrationRounding
    /// How an interpolated value is made an integer.
    public let indexRounding: IndexRounding
    /// Above the top band (only when the top band has an upper edge).
    public let beyondTop: BeyondTopRule
    /// Bands in ascending order. A concentration belongs to the first band whose upper edge is at or above it,
    /// so shared edges (HJ 633: 0-35, 35-75) belong to the lower band and gaps at the precision (EPA: 9.0,
    /// 9.1) cannot occur.
    public let bands: [IndexBand]

    /// A table.
    public init(
        pollutant: Pollutant, averaging: AveragingPeriod, stepsPerUnit: Int64,
        concentrationRounding: ConcentrationRounding, indexRounding: IndexRounding = .halfUp,
        beyondTop: BeyondTopRule = .cap, bands: [IndexBand]
    ) {
        self.pollutant = pollutant
        self.averaging = averaging
        self.stepsPerUnit = stepsPerUnit
        self.concentrationRounding = concentrationRounding
        self.indexRounding = indexRounding
        self.beyondTop = beyondTop
        self.bands = bands
    }

    /// `value` (finite, non-negative) in whole steps after the table's concentration rounding.
    public func steps(_ value: Double) -> Int64 {
        switch concentrationRounding {
        case .truncate:
            return ConcentrationTruncation.steps(value, stepsPerUnit: stepsPerUnit)
        case .roundHalfUp:
            // Half a step added, then the same tolerant truncation: 11.5 is 12 even as a Float mean 11.499999.
            return ConcentrationTruncation.steps(value + 0.5 / Double(stepsPerUnit), stepsPerUnit: stepsPerUnit)
        }
    }

    /// The index value at `steps`, and whether it lies above the top band.
    public func value(atSteps steps: Int64) -> (value: Int, beyond: Bool)? {
        guard let first = bands.first, steps >= first.lower, let last = bands.last else { return nil }
        for band in bands {
            guard let upper = band.upper else { return (Int(band.indexLow), false) }
            if steps <= upper { return (interpolate(steps, band, upper: upper), false) }
        }
        guard let upper = last.upper else { return nil }
        switch beyondTop {
        case .extrapolate: return (interpolate(steps, last, upper: upper), true)
        case .cap: return (Int(last.indexHigh), true)
        }
    }

    /// I = (I_hi − I_lo) / (BP_hi − BP_lo) · (C − BP_lo) + I_lo in exact integer arithmetic, then the rounding.
    private func interpolate(_ steps: Int64, _ band: IndexBand, upper: Int64) -> Int {
        let numerator = (band.indexHigh - band.indexLow) * (steps - band.lower)
        let denominator = upper - band.lower
        guard denominator > 0, numerator > 0 else { return Int(band.indexLow) }
        switch indexRounding {
        case .halfUp:
            // floor(n/d + 1/2) = floor((2n + d) / 2d) for n, d ≥ 0.
            return Int(band.indexLow + (2 * numerator + denominator) / (2 * denominator))
        case .ceiling:
            return Int(band.indexLow + (numerator + denominator - 1) / denominator)
        }
    }
}
