/// One row of an EPA breakpoint table, in integer steps of the table's precision.
///
/// Concentrations are stored as integer multiples of ``BreakpointTable/step`` so that interpolation and
/// rounding are exact: 1.1 ppm CO must give 12.5 and round to 13, which binary floating point cannot
/// promise.
public struct Breakpoint: Sendable, Hashable {
    /// Lowest concentration of the row, in steps.
    public let concentrationLow: Int64
    /// Highest concentration of the row, in steps.
    public let concentrationHigh: Int64
    /// Index at ``concentrationLow``.
    public let indexLow: Int64
    /// Index at ``concentrationHigh``.
    public let indexHigh: Int64

    init(_ concentrationLow: Int64, _ concentrationHigh: Int64, _ indexLow: Int64, _ indexHigh: Int64) {
        self.concentrationLow = concentrationLow
        self.concentrationHigh = concentrationHigh
        self.indexLow = indexLow
        self.indexHigh = indexHigh
    }
}

/// An EPA breakpoint table for one pollutant and averaging period (Technical Assistance Document, May 2024,
/// EPA-454/B-24-002).
public struct BreakpointTable: Sendable {
    /// The pollutant the table is for.
    public let pollutant: Pollutant
    /// The averaging period the table is for.
    public let averaging: AveragingPeriod
    /// Concentration precision: concentrations are truncated to a multiple of `1 / stepsPerUnit`.
    public let stepsPerUnit: Int64
    /// Rows in ascending order; consecutive rows are contiguous at the table's precision.
    public let rows: [Breakpoint]
    /// Whether the last row is the open-ended Hazardous row, on which the index continues beyond 500.
    /// When false, concentrations above the last row have no index for this averaging period.
    public let extendsBeyondTop: Bool

    /// The precision as a decimal number, e.g. 0.1 for PM2.5.
    public var step: Double { 1 / Double(stepsPerUnit) }

    /// Number of decimals of the precision, e.g. 1 for PM2.5, 3 for ozone.
    public var decimals: Int {
        var count = 0
        var scale = stepsPerUnit
        while scale > 1 {
            scale /= 10
            count += 1
        }
        return count
    }
}

extension BreakpointTable {
    /// The table for `pollutant` averaged over `averaging`, or nil when the EPA defines none.
    public static func epa2024(_ pollutant: Pollutant, _ averaging: AveragingPeriod) -> BreakpointTable? {
        switch (pollutant, averaging) {
        case (.pm2_5, .twentyFourHours): pm25
        case (.pm10, .twentyFourHours): pm10
        case (.o3, .eightHours): ozone8h
        case (.o3, .oneHour): ozone1h
        case (.co, .eightHours): carbonMonoxide8h
        case (.so2, .oneHour): sulphurDioxide1h
        case (.so2, .twentyFourHours): sulphurDioxide24h
        case (.no2, .oneHour): nitrogenDioxide1h
        default: nil
        }
    }

    /// PM2.5, 24-hour, µg/m³ to 0.1 (the 2024 revision: Good ends at 9.0).
    public static let pm25 = BreakpointTable(
        pollutant: .pm2_5, averaging: .twentyFourHours, stepsPerUnit: 10,
        rows: [
            Breakpoint(0, 90, 0, 50), Breakpoint(91, 354, 51, 100), Breakpoint(355, 554, 101, 150),
            Breakpoint(555, 1254, 151, 200), Breakpoint(1255, 2254, 201, 300), Breakpoint(2255, 3254, 301, 500),
        ],
        extendsBeyondTop: true)

    /// PM10, 24-hour, µg/m³ to 1.
    public static let pm10 = BreakpointTable(
        pollutant: .pm10, averaging: .twentyFourHours, stepsPerUnit: 1,
        rows: [
            Breakpoint(0, 54, 0, 50), Breakpoint(55, 154, 51, 100), Breakpoint(155, 254, 101, 150),
            Breakpoint(255, 354, 151, 200), Breakpoint(355, 424, 201, 300), Breakpoint(425, 604, 301, 500),
        ],
        extendsBeyondTop: true)

    /// Ozone, 8-hour, ppm to 0.001. Defined only up to 0.200 ppm (AQI 300); above, the 1-hour table applies.
    public static let ozone8h = BreakpointTable(
        pollutant: .o3, averaging: .eightHours, stepsPerUnit: 1000,
        rows: [
            Breakpoint(0, 54, 0, 50), Breakpoint(55, 70, 51, 100), Breakpoint(71, 85, 101, 150),
            Breakpoint(86, 105, 151, 200), Breakpoint(106, 200, 201, 300),
        ],
        extendsBeyondTop: false)

    /// Ozone, 1-hour, ppm to 0.001. Starts at 0.125 ppm (AQI 101); below, only the 8-hour table applies.
    public static let ozone1h = BreakpointTable(
        pollutant: .o3, averaging: .oneHour, stepsPerUnit: 1000,
        rows: [
            Breakpoint(125, 164, 101, 150), Breakpoint(165, 204, 151, 200), Breakpoint(205, 404, 201, 300),
            Breakpoint(405, 604, 301, 500),
        ],
        extendsBeyondTop: true)

    /// Carbon monoxide, 8-hour, ppm to 0.1.
    public static let carbonMonoxide8h = BreakpointTable(
        pollutant: .co, averaging: .eightHours, stepsPerUnit: 10,
        rows: [
            Breakpoint(0, 44, 0, 50), Breakpoint(45, 94, 51, 100), Breakpoint(95, 124, 101, 150),
            Breakpoint(125, 154, 151, 200), Breakpoint(155, 304, 201, 300), Breakpoint(305, 504, 301, 500),
        ],
        extendsBeyondTop: true)

    /// Sulphur dioxide, 1-hour, ppb to 1. Stops at 304 ppb (AQI 200); above, the 24-hour mean applies.
    public static let sulphurDioxide1h = BreakpointTable(
        pollutant: .so2, averaging: .oneHour, stepsPerUnit: 1,
        rows: [
            Breakpoint(0, 35, 0, 50), Breakpoint(36, 75, 51, 100), Breakpoint(76, 185, 101, 150),
            Breakpoint(186, 304, 151, 200),
        ],
        extendsBeyondTop: false)

    /// Sulphur dioxide, 24-hour, ppb to 1. Starts at 305 ppb (AQI 201): only index values above 200 come from
    /// the 24-hour mean.
    public static let sulphurDioxide24h = BreakpointTable(
        pollutant: .so2, averaging: .twentyFourHours, stepsPerUnit: 1,
        rows: [Breakpoint(305, 604, 201, 300), Breakpoint(605, 1004, 301, 500)],
        extendsBeyondTop: true)

    /// Nitrogen dioxide, 1-hour, ppb to 1.
    public static let nitrogenDioxide1h = BreakpointTable(
        pollutant: .no2, averaging: .oneHour, stepsPerUnit: 1,
        rows: [
            Breakpoint(0, 53, 0, 50), Breakpoint(54, 100, 51, 100), Breakpoint(101, 360, 101, 150),
            Breakpoint(361, 649, 151, 200), Breakpoint(650, 1249, 201, 300), Breakpoint(1250, 2049, 301, 500),
        ],
        extendsBeyondTop: true)
}
