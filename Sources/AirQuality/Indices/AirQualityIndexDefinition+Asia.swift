extension AirQualityIndexDefinition {
    /// India's National Air Quality Index (CPCB, 2014), particulate part: 24-hour means on six categories
    /// 0-500, with the sub-index interpolated linearly inside each band.
    ///
    /// Rules the station applies: the CPCB bands are written in whole µg/m³ (0-30, 31-60 …), so the mean is
    /// rounded half up to a whole µg/m³; the index is rounded half up. The document gives no upper edge for
    /// Severe; the CPCB's own AQI calculator maps 251-380 (PM2.5) and 431-510 (PM10) to 401-500, and above
    /// that the index stays 500, flagged as beyond the index. Local averaging: the 24-hour running mean.
    public static let inNAQI = AirQualityIndexDefinition(
        id: .inNAQI, name: "National Air Quality Index", shortName: "NAQI",
        source: "Central Pollution Control Board, National Air Quality Index (2014), Control of Urban Pollution Series CUPS/82/2014-15; CPCB AQI calculator for the Severe band",
        tables: [
            IndexTable(
                pollutant: .pm2_5, averaging: .twentyFourHours, stepsPerUnit: 1, concentrationRounding: .roundHalfUp,
                bands: [
                    IndexBand(0, 30, 0, 50), IndexBand(31, 60, 51, 100), IndexBand(61, 90, 101, 200),
                    IndexBand(91, 120, 201, 300), IndexBand(121, 250, 301, 400), IndexBand(251, 380, 401, 500),
                ]),
            IndexTable(
                pollutant: .pm10, averaging: .twentyFourHours, stepsPerUnit: 1, concentrationRounding: .roundHalfUp,
                bands: [
                    IndexBand(0, 50, 0, 50), IndexBand(51, 100, 51, 100), IndexBand(101, 250, 101, 200),
                    IndexBand(251, 350, 201, 300), IndexBand(351, 430, 301, 400), IndexBand(431, 510, 401, 500),
                ]),
        ],
        levels: [
            IndexLevel(key: "good", name: "Good", color: RGBColor(hex: 0x00B050), advice: "Minimal impact.",
                values: 0...50, ordinal: 0),
            IndexLevel(key: "satisfactory", name: "Satisfactory", color: RGBColor(hex: 0x92D051),
                advice: "Minor breathing discomfort to sensitive people.", values: 51...100, ordinal: 1),
            IndexLevel(key: "moderately_polluted", name: "Moderately polluted", color: RGBColor(hex: 0xFFFF00),
                advice: "Breathing discomfort to people with lung disease such as asthma, and discomfort to people with heart disease, children and older adults.",
                values: 101...200, ordinal: 2),
            IndexLevel(key: "poor", name: "Poor", color: RGBColor(hex: 0xFF6500),
                advice: "Breathing discomfort to people on prolonged exposure, and to people with heart disease.",
                values: 201...300, ordinal: 3),
            IndexLevel(key: "very_poor", name: "Very poor", color: RGBColor(hex: 0xFF0000),
                advice: "Respiratory illness on prolonged exposure; more pronounced in people with lung and heart disease.",
                values: 301...400, ordinal: 4),
            IndexLevel(key: "severe", name: "Severe", color: RGBColor(hex: 0xC00000),
                advice: "Respiratory effects even on healthy people, and serious health impacts on people with lung or heart disease.",
                values: 401...Int.max, ordinal: 5),
        ],
        localAveraging: .twentyFourHourRunning, isBanded: false)

    /// China's AQI (HJ 633-2012), particulate part: the IAQI of 24-hour means, interpolated between the
    /// breakpoints 0/35/75/115/150/250/350/500 (PM2.5) and 0/50/150/250/350/420/500/600 (PM10).
    ///
    /// Rules: an edge value belongs to the lower band (35 is IAQI 50); the IAQI is rounded up to an integer
    /// (HJ 633 §5: "进位取整"). The station takes the mean at whole µg/m³, rounded half up, as monitoring data
    /// are reported; above 500 (PM2.5) or 600 (PM10) µg/m³ the IAQI stays 500, flagged as beyond the index.
    /// Local averaging: the 24-hour running mean, as HJ 633's real-time report uses for PM.
    public static let cnAQI = AirQualityIndexDefinition(
        id: .cnAQI, name: "Air Quality Index (China)", shortName: "AQI-CN",
        source: "Ministry of Ecology and Environment, HJ 633-2012 Technical Regulation on Ambient Air Quality Index (on trial), Table 1",
        tables: [
            IndexTable(
                pollutant: .pm2_5, averaging: .twentyFourHours, stepsPerUnit: 1, concentrationRounding: .roundHalfUp,
                indexRounding: .ceiling,
                bands: chinaBands(breakpoints: [0, 35, 75, 115, 150, 250, 350, 500])),
            IndexTable(
                pollutant: .pm10, averaging: .twentyFourHours, stepsPerUnit: 1, concentrationRounding: .roundHalfUp,
                indexRounding: .ceiling,
                bands: chinaBands(breakpoints: [0, 50, 150, 250, 350, 420, 500, 600])),
        ],
        levels: [
            IndexLevel(key: "excellent", name: "Excellent (优)", color: RGBColor(hex: 0x00E400),
                advice: "Air quality is satisfactory; air pollution poses little or no risk.", values: 0...50, ordinal: 0),
            IndexLevel(key: "good", name: "Good (良)", color: RGBColor(hex: 0xFFFF00),
                advice: "Air quality is acceptable; a very few unusually sensitive people should reduce outdoor activity.",
                values: 51...100, ordinal: 1),
            IndexLevel(key: "lightly_polluted", name: "Lightly polluted (轻度污染)", color: RGBColor(hex: 0xFF7E00),
                advice: "Children, older adults and people with heart or lung disease should reduce long or heavy outdoor exertion.",
                values: 101...150, ordinal: 2),
            IndexLevel(key: "moderately_polluted", name: "Moderately polluted (中度污染)", color: RGBColor(hex: 0xFF0000),
                advice: "Sensitive groups should avoid long or heavy outdoor exertion; everyone else should reduce it.",
                values: 151...200, ordinal: 3),
            IndexLevel(key: "heavily_polluted", name: "Heavily polluted (重度污染)", color: RGBColor(hex: 0x99004C),
                advice: "Sensitive groups should stay indoors and stop outdoor activity; everyone should reduce outdoor activity.",
                values: 201...300, ordinal: 4),
            IndexLevel(key: "severely_polluted", name: "Severely polluted (严重污染)", color: RGBColor(hex: 0x7E0023),
                advice: "Sensitive groups should stay indoors and avoid exertion; everyone should avoid outdoor activity.",
                values: 301...Int.max, ordinal: 5),
        ],
        localAveraging: .twentyFourHourRunning, isBanded: false)

    /// HJ 633's IAQI rows: consecutive breakpoints share their edge and IAQI 0/50/100/150/200/300/400/500.
    private static func chinaBands(breakpoints: [Int64]) -> [IndexBand] {
        let iaqi: [Int64] = [0, 50, 100, 150, 200, 300, 400, 500]
        return (1..<breakpoints.count).map { row in
            IndexBand(breakpoints[row - 1], breakpoints[row], iaqi[row - 1], iaqi[row])
        }
    }
}
