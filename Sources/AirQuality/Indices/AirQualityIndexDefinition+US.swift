extension AirQualityIndexDefinition {
    /// The US AQI's particulate part on the EPA's own tables (``BreakpointTable/pm25`` and ``/pm10``):
    /// truncation, half-up rounding and the Hazardous row continued beyond 500, as ``AQICalculator`` does.
    /// Levels are the Breeze scale (``AQILevel``) and its AQIStatus colours.
    public static let usEPA = AirQualityIndexDefinition(
        id: .usEPA, name: "US AQI", shortName: "AQI",
        source: "US EPA, Technical Assistance Document for the Reporting of Daily Air Quality, EPA-454/B-24-002 (May 2024); AirNow NowCast",
        tables: [BreakpointTable.pm25, BreakpointTable.pm10].map { table in
            IndexTable(
                pollutant: table.pollutant, averaging: table.averaging, stepsPerUnit: table.stepsPerUnit,
                concentrationRounding: .truncate, indexRounding: .halfUp,
                beyondTop: table.extendsBeyondTop ? .extrapolate : .cap,
                bands: table.rows.map {
                    IndexBand($0.concentrationLow, $0.concentrationHigh, $0.indexLow, $0.indexHigh)
                })
        },
        levels: AQILevel.allCases.map { level in
            IndexLevel(
                key: level.rawValue, name: level.text, color: level.color, advice: level.summary,
                values: level.indexRange, ordinal: level.ordinal)
        },
        localAveraging: .nowCast, isBanded: false)
}
