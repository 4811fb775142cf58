import Testing

@testable import AirQuality

@Suite("Properties of the tables")
struct PropertyTests {
    static let tables: [BreakpointTable] = [
        .pm25, .pm10, .ozone8h, .ozone1h, .carbonMonoxide8h, .sulphurDioxide1h, .sulphurDioxide24h,
        .nitrogenDioxide1h,
    ]

    @Test("the index never decreases as the concentration rises", arguments: tables)
    func monotonic(_ table: BreakpointTable) {
        guard let top = table.rows.last?.concentrationHigh else {
            Issue.record("empty table")
            return
        }
        var previous = Int.min
        var defined = 0
        let limit = top + top / 2
        for steps in stride(from: Int64(0), through: limit, by: 1) {
            let index = AQICalculator.subIndex(
                table: table, averaging: table.averaging, concentration: Double(steps) / Double(table.stepsPerUnit))
            guard let value = index.value else { continue }
            #expect(value >= previous, "at \(steps) steps")
            previous = value
            defined += 1
        }
        #expect(defined > 0)
    }

    @Test("every breakpoint row maps both ends exactly, and the step below to the row before", arguments: tables)
    func rowEdges(_ table: BreakpointTable) {
        for (position, row) in table.rows.enumerated() {
            let low = AQICalculator.subIndex(
                table: table, averaging: table.averaging,
                concentration: Double(row.concentrationLow) / Double(table.stepsPerUnit))
            let high = AQICalculator.subIndex(
                table: table, averaging: table.averaging,
                concentration: Double(row.concentrationHigh) / Double(table.stepsPerUnit))
            #expect(low.value == Int(row.indexLow))
            #expect(high.value == Int(row.indexHigh))
            #expect(!high.isBeyondIndex)
            if position > 0, row.concentrationLow > 0 {
                let below = AQICalculator.subIndex(
                    table: table, averaging: table.averaging,
                    concentration: Double(row.concentrationLow - 1) / Double(table.stepsPerUnit))
                #expect(below.value == Int(table.rows[position - 1].indexHigh))
            }
        }
    }

    @Test("every level boundary maps both ways", arguments: AQILevel.allCases)
    func levelBoundaries(_ level: AQILevel) {
        let range = level.indexRange
        #expect(AQILevel(index: range.lowerBound) == level)
        if range.lowerBound > 0 {
            #expect(AQILevel(index: range.lowerBound - 1) == AQILevel.allCases[level.ordinal - 1])
        }
        if level != .hazardous {
            #expect(AQILevel(index: range.upperBound) == level)
            #expect(AQILevel(index: range.upperBound + 1) == AQILevel.allCases[level.ordinal + 1])
        } else {
            #expect(AQILevel(index: 849) == .hazardous)
        }
        #expect(level.epaCategory == EPACategory(index: range.upperBound == Int.max ? 301 : range.upperBound))
    }

    @Test("every EPA category boundary maps both ways", arguments: EPACategory.allCases)
    func categoryBoundaries(_ category: EPACategory) {
        let range = category.indexRange
        #expect(EPACategory(index: range.lowerBound) == category)
        if range.lowerBound > 0 {
            #expect(EPACategory(index: range.lowerBound - 1) != category)
        }
        if category != .hazardous {
            #expect(EPACategory(index: range.upperBound) == category)
            #expect(EPACategory(index: range.upperBound + 1) != category)
        }
    }

    @Test("PM2.5 concentration boundaries land on the right level both ways")
    func concentrationToLevel() throws {
        let cases: [(Double, AQILevel)] = [
            (4.5, .excellent), (4.6, .good), (9.0, .good), (9.1, .moderate), (35.4, .moderate),
            (35.5, .unhealthySensitive), (55.4, .unhealthySensitive), (55.5, .unhealthy), (125.4, .unhealthy),
            (125.5, .veryUnhealthy), (225.4, .veryUnhealthy), (225.5, .hazardous), (600, .hazardous),
        ]
        for (concentration, level) in cases {
            let index = try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: concentration)
            #expect(index.level == level, "\(concentration) µg/m³")
        }
    }
}
