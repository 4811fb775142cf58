import Foundation
import Testing

@testable import AirQuality

/// One row of `Fixtures/indices-pm.csv`: band edges, the values just past them, rounding and truncation
/// cases and beyond the top band, for every index except the US AQI (which has its own vectors).
struct IndexVector: CustomTestStringConvertible, Sendable {
    let index: AirQualityIndexID
    let pollutant: Pollutant
    let concentrationText: String
    let expected: Int
    let level: String
    let beyond: Bool
    let note: String

    var testDescription: String { "\(index.rawValue) \(pollutant.rawValue) \(concentrationText) (\(note))" }

    static func load() throws -> [IndexVector] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/indices-pm.csv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try CSV.rows(text).dropFirst().map { fields in
            guard fields.count == 7, let index = AirQualityIndexID(rawValue: fields[0]),
                let pollutant = Pollutant(rawValue: fields[1]), let expected = Int(fields[3])
            else { throw CSV.Failure(row: fields.joined(separator: ",")) }
            return IndexVector(
                index: index, pollutant: pollutant, concentrationText: fields[2], expected: expected,
                level: fields[4], beyond: fields[5] == "true", note: fields[6])
        }
    }
}

@Suite("Index vectors")
struct IndexVectorTests {
    static let vectors = (try? IndexVector.load()) ?? []

    @Test("the fixture covers every index but the US AQI, both pollutants where the index has them")
    func coverage() {
        #expect(Self.vectors.count > 150)
        for index in AirQualityIndexID.allCases where index != .usEPA {
            for table in index.definition.tables {
                let rows = Self.vectors.filter { $0.index == index && $0.pollutant == table.pollutant }
                #expect(rows.count >= 8, "\(index.rawValue) \(table.pollutant.rawValue)")
                #expect(rows.contains { $0.beyond || $0.note.contains("open top") || $0.note.contains("10+") })
            }
        }
    }

    @Test("each vector", arguments: vectors)
    func vector(_ vector: IndexVector) throws {
        let concentration = try #require(Double(vector.concentrationText))
        let value = try vector.index.definition.subIndex(vector.pollutant, concentration: concentration)
        #expect(value.value == vector.expected)
        #expect(value.level.key == vector.level)
        #expect(value.isBeyondIndex == vector.beyond)
    }

    @Test("US AQI: the EPA vectors give the same index through the index abstraction")
    func usThroughDefinition() throws {
        let rows = try EPAVector.load().filter {
            ($0.pollutant == .pm2_5 || $0.pollutant == .pm10) && $0.averaging == .twentyFourHours
        }
        #expect(rows.count > 20)
        for row in rows {
            let value = try? AirQualityIndexDefinition.usEPA.subIndex(row.pollutant, concentration: row.concentration)
            #expect(value?.value == row.expected, "\(row.testDescription)")
            if let expected = row.expected {
                let level = AQILevel(index: expected)
                #expect(value?.level.key == level.rawValue)
                #expect(value?.level.color == level.color)
            }
        }
    }

    @Test("US AQI: every 0.1 µg/m³ up to 700 agrees with AQICalculator, beyond-index flag included")
    func usAgreesEverywhere() throws {
        for pollutant in [Pollutant.pm2_5, .pm10] {
            for tenth in 0...7000 {
                let concentration = Double(tenth) / 10
                let old = try AQICalculator.subIndex(pollutant, averaging: .twentyFourHours, concentration: concentration)
                let new = try AirQualityIndexDefinition.usEPA.subIndex(pollutant, concentration: concentration)
                if old.value != new.value || old.isBeyondIndex != new.isBeyondIndex {
                    Issue.record("\(pollutant.rawValue) \(concentration): \(String(describing: old.value)) vs \(new.value)")
                    return
                }
            }
        }
    }

    @Test("a Float mean just below an edge counts as on it (twelve readings of 5.1 are Fair, not Good)")
    func floatMeans() throws {
        let mean = Double(Float(5.1))
        #expect(mean < 5.1)
        #expect(try AirQualityIndexDefinition.euEAQI.subIndex(.pm2_5, concentration: mean).value == 2)
        #expect(try AirQualityIndexDefinition.caAQHIPlus.subIndex(.pm2_5, concentration: Double(Float(30.1))).value == 4)
    }

    @Test("AQHI+ above 100 µg/m³ shows 10+")
    func aqhiDisplay() throws {
        #expect(try AirQualityIndexDefinition.caAQHIPlus.subIndex(.pm2_5, concentration: 100.1).display == "10+")
        #expect(try AirQualityIndexDefinition.caAQHIPlus.subIndex(.pm2_5, concentration: 100).display == "10")
    }

    @Test("bad input throws; an uncovered pollutant throws", arguments: [-1.0, .nan, .infinity, 1e6])
    func badInput(_ concentration: Double) {
        for index in AirQualityIndexID.allCases {
            #expect(throws: AQIInputError.self) {
                try index.definition.subIndex(.pm2_5, concentration: concentration)
            }
        }
        #expect(throws: AQIInputError.self) {
            try AirQualityIndexDefinition.caAQHIPlus.subIndex(.pm10, concentration: 10)
        }
    }

    @Test("every index rises with the concentration, never falls, from 0 to 1000 µg/m³ in 0.1 steps")
    func monotonic() throws {
        for index in AirQualityIndexID.allCases {
            for table in index.definition.tables {
                var previous = (value: Int.min, ordinal: Int.min)
                for tenth in 0...10_000 {
                    let value = try index.definition.subIndex(table.pollutant, concentration: Double(tenth) / 10)
                    if value.value < previous.value || value.level.ordinal < previous.ordinal {
                        Issue.record("\(index.rawValue) \(table.pollutant.rawValue) falls at \(Double(tenth) / 10)")
                        break
                    }
                    previous = (value.value, value.level.ordinal)
                }
            }
        }
    }

    @Test("levels of every index are ordered and cover every value the tables give")
    func levelsCover() throws {
        for index in AirQualityIndexID.allCases {
            let definition = index.definition
            #expect(definition.levels.map(\.ordinal) == Array(0..<definition.levels.count))
            for table in definition.tables {
                for steps in stride(from: Int64(0), through: 10_000 * table.stepsPerUnit / 10, by: 1) {
                    guard let result = table.value(atSteps: steps) else {
                        Issue.record("\(index.rawValue) \(table.pollutant.rawValue): no value at \(steps) steps")
                        return
                    }
                    #expect(definition.levels.contains { $0.values.contains(result.value) })
                }
            }
        }
    }
}
