import CheckedConversions

extension AirQualityIndexDefinition {
    /// The EEA's European Air Quality Index with the bands revised in 2024 (PM2.5 5/15/50/90/140 µg/m³,
    /// PM10 15/45/120/195/270 µg/m³). The index is the band number, 1 (Good) to 6 (Extremely poor).
    ///
    /// Rules the station applies: the concentration is truncated to 0.1 µg/m³ and an edge value belongs to
    /// the lower band ("0-5" is Good up to and including 5.0). Local averaging: the 24-hour running mean, as
    /// the EEA computes the PM sub-indices.
    public static let euEAQI = AirQualityIndexDefinition(
        id: .euEAQI, name: "European Air Quality Index", shortName: "EAQI",
        source: "European Environment Agency, European Air Quality Index, bands revised 2024 (airindex.eea.europa.eu)",
        tables: [
            banded(.pm2_5, .twentyFourHours, stepsPerUnit: 10, rounding: .truncate, upperEdges: [50, 150, 500, 900, 1400]),
            banded(.pm10, .twentyFourHours, stepsPerUnit: 10, rounding: .truncate, upperEdges: [150, 450, 1200, 1950, 2700]),
        ],
        levels: [
            IndexLevel(key: "good", name: "Good", color: RGBColor(hex: 0x50F0E6),
                advice: "The air quality is good. Enjoy your usual outdoor activities.", values: 1...1, ordinal: 0),
            IndexLevel(key: "fair", name: "Fair", color: RGBColor(hex: 0x50CCAA),
                advice: "Enjoy your usual outdoor activities.", values: 2...2, ordinal: 1),
            IndexLevel(key: "moderate", name: "Moderate", color: RGBColor(hex: 0xF0E641),
                advice: "Enjoy your usual outdoor activities; sensitive groups should consider reducing intense outdoor activity if they have symptoms.",
                values: 3...3, ordinal: 2),
            IndexLevel(key: "poor", name: "Poor", color: RGBColor(hex: 0xFF5050),
                advice: "Consider reducing intense activities outdoors if you experience symptoms such as sore eyes, a cough or sore throat.",
                values: 4...4, ordinal: 3),
            IndexLevel(key: "very_poor", name: "Very poor", color: RGBColor(hex: 0x960032),
                advice: "Consider reducing intense activities outdoors; sensitive groups should reduce physical activity outdoors.",
                values: 5...5, ordinal: 4),
            IndexLevel(key: "extremely_poor", name: "Extremely poor", color: RGBColor(hex: 0x7D2181),
                advice: "Reduce physical activities outdoors; sensitive groups should avoid them.",
                values: 6...Int.max, ordinal: 5),
        ],
        localAveraging: .twentyFourHourRunning, isBanded: true)

    /// A banded table: band k (1-based) runs from just above the previous upper edge to its own, and the top
    /// band is open-ended. `upperEdges` are in steps.
    static func banded(
        _ pollutant: Pollutant, _ averaging: AveragingPeriod, stepsPerUnit: Int64, rounding: ConcentrationRounding,
        upperEdges: [Int64]
    ) -> IndexTable {
        var bands: [IndexBand] = []
        var lower: Int64 = 0
        for (number, upper) in upperEdges.enumerated() {
            bands.append(.constant(lower, upper, value: Int64(number + 1)))
            lower = upper + 1
        }
        bands.append(.constant(lower, nil, value: Int64(upperEdges.count + 1)))
        return IndexTable(
            pollutant: pollutant, averaging: averaging, stepsPerUnit: stepsPerUnit, concentrationRounding: rounding,
            bands: bands)
    }
}
