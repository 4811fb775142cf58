import CheckedConversions

extension AirQualityIndexDefinition {
    /// The UK Daily Air Quality Index, particulate part: 24-hour means in whole µg/m³ on ten index points
    /// grouped in four bands (Low 1-3, Moderate 4-6, High 7-9, Very High 10).
    ///
    /// Rules the station applies: the bands are written in whole µg/m³ (0-11, 12-23 …), so the mean is rounded
    /// half up to a whole µg/m³ first (11.4 is index 1, 11.5 is index 2). Local averaging: the 24-hour running
    /// mean, which Defra uses for its latest monitoring data.
    public static let ukDAQI = AirQualityIndexDefinition(
        id: .ukDAQI, name: "Daily Air Quality Index", shortName: "DAQI",
        source: "Defra / COMEAP, Daily Air Quality Index (2011 review, in use since 1 January 2012), uk-air.defra.gov.uk/air-pollution/daqi",
        tables: [
            banded(.pm2_5, .twentyFourHours, stepsPerUnit: 1, rounding: .roundHalfUp,
                upperEdges: [11, 23, 35, 41, 47, 53, 58, 64, 70]),
            banded(.pm10, .twentyFourHours, stepsPerUnit: 1, rounding: .roundHalfUp,
                upperEdges: [16, 33, 50, 58, 66, 75, 83, 91, 100]),
        ],
        levels: daqiLevels, localAveraging: .twentyFourHourRunning, isBanded: true)

    private static let daqiLevels: [IndexLevel] = {
        let colours: [UInt32] = [
            0x9CFF9C, 0x31FF00, 0x31CF00, 0xFFFF00, 0xFFCF00, 0xFF9A00, 0xFF6464, 0xFF0000, 0x990000, 0xCE30FF,
        ]
        let low = "Enjoy your usual outdoor activities."
        let moderate = "Enjoy your usual outdoor activities; adults and children with lung or heart problems who have symptoms should consider reducing strenuous physical activity outdoors."
        let high = "Anyone with symptoms such as sore eyes, a cough or sore throat should consider reducing activity, particularly outdoors."
        let veryHigh = "Reduce physical exertion, particularly outdoors, especially if you experience symptoms such as a cough or sore throat."
        return colours.enumerated().map { offset, colour in
            let point = offset + 1
            let (key, name, advice) =
                switch point {
                case 1...3: ("low", "Low", low)
                case 4...6: ("moderate", "Moderate", moderate)
                case 7...9: ("high", "High", high)
                default: ("very_high", "Very High", veryHigh)
                }
            return IndexLevel(
                key: key, name: name, color: RGBColor(hex: colour), advice: advice,
                values: point == 10 ? 10...Int.max : point...point, ordinal: offset)
        }
    }()
}
