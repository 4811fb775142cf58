import CheckedConversions

extension AirQualityIndexDefinition {
    /// Canada's AQHI+: the PM2.5-only index (Yao et al. 2019) that Environment and Climate Change Canada and
    /// the provinces use for wildfire smoke. AQHI+ = the 1-hour mean PM2.5 divided by 10, rounded up, at
    /// least 1; above 100 µg/m³ it is "10+" (value 11 here).
    ///
    /// Rules the station applies: the hourly mean is truncated to 0.1 µg/m³, and the bins are right-closed
    /// (30.0 is 3, 30.1 is 4). Local averaging: the most recent complete clock hour.
    public static let caAQHIPlus = AirQualityIndexDefinition(
        id: .caAQHIPlus, name: "AQHI+", shortName: "AQHI+",
        source: "Environment and Climate Change Canada, Air Quality Health Index (AQHI+ for PM2.5); Yao et al. 2019, Can J Public Health, doi:10.17269/s41997-019-00237-w",
        tables: [
            banded(.pm2_5, .oneHour, stepsPerUnit: 10, rounding: .truncate,
                upperEdges: [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]),
        ],
        levels: aqhiLevels, localAveraging: .oneHour, isBanded: true)

    private static let aqhiLevels: [IndexLevel] = {
        let colours: [UInt32] = [
            0x00CCFF, 0x0099CC, 0x006699, 0xFFFF00, 0xFFCC00, 0xFF9933, 0xFF6666, 0xFF0000, 0xCC0000, 0x990000,
            0x660000,
        ]
        return colours.enumerated().map { offset, colour in
            let value = offset + 1
            let (key, name, advice) =
                switch value {
                case 1...3: ("low", "Low risk", "Ideal air quality for outdoor activities.")
                case 4...6:
                    ("moderate", "Moderate risk",
                        "No need to modify your usual outdoor activities unless you experience symptoms such as coughing and throat irritation.")
                case 7...10:
                    ("high", "High risk",
                        "Consider reducing or rescheduling strenuous activities outdoors if you experience symptoms such as coughing and throat irritation.")
                default:
                    ("very_high", "Very high risk",
                        "Reduce or reschedule strenuous activities outdoors, especially if you experience symptoms such as coughing and throat irritation.")
                }
            return IndexLevel(
                key: key, name: name, color: RGBColor(hex: colour), advice: advice,
                values: value == 11 ? 11...Int.max : value...value, ordinal: offset)
        }
    }()
}
