import Foundation
import Testing

@testable import AirQuality

/// One row of `Fixtures/aqi-epa-2024.csv` (copied from `../shared/vectors/`).
struct EPAVector: CustomTestStringConvertible, Sendable {
    let pollutant: Pollutant
    let averaging: AveragingPeriod
    let concentrationText: String
    let expected: Int?
    let category: String
    let note: String

    var concentration: Double { Double(concentrationText) ?? .nan }
    var testDescription: String { "\(pollutant.rawValue) \(averaging.rawValue) \(concentrationText)" }

    static func load() throws -> [EPAVector] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/aqi-epa-2024.csv")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try CSV.rows(text).dropFirst().map { fields in
            guard fields.count == 6 else { throw CSV.Failure(row: fields.joined(separator: ",")) }
            let (pollutant, averaging): (Pollutant, AveragingPeriod) =
                switch (fields[0], fields[1]) {
                case ("pm2_5", "24h"): (.pm2_5, .twentyFourHours)
                case ("pm2_5", "nowcast-12h"): (.pm2_5, .nowCast)
                case ("pm10", "24h"): (.pm10, .twentyFourHours)
                case ("o3_8h", _): (.o3, .eightHours)
                case ("o3_1h", _): (.o3, .oneHour)
                case ("co_8h", _): (.co, .eightHours)
                case ("so2_1h", _): (.so2, .oneHour)
                case ("so2_24h", _): (.so2, .twentyFourHours)
                case ("no2_1h", _): (.no2, .oneHour)
                default: throw CSV.Failure(row: fields.joined(separator: ","))
                }
            return EPAVector(
                pollutant: pollutant, averaging: averaging, concentrationText: fields[2],
                expected: Int(fields[3]), category: fields[4], note: fields[5])
        }
    }
}

/// A minimal RFC 4180 reader for the fixtures (quoted fields, doubled quotes).
enum CSV {
    struct Failure: Error { let row: String }

    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = []
        var field = ""
        var row: [String] = []
        var quoted = false
        var iterator = Array(text).makeIterator()
        var pending: Character? = nil
        while let character = pending ?? iterator.next() {
            pending = nil
            if quoted {
                if character == "\"" {
                    if let next = iterator.next() {
                        if next == "\"" { field.append("\"") } else { quoted = false; pending = next }
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"": quoted = true
            case ",": row.append(field); field = ""
            case "\n", "\r\n":
                row.append(field); field = ""
                if row != [""] { rows.append(row) }
                row = []
            default: field.append(character)
            }
        }
        if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
        return rows
    }
}

@Suite("EPA May-2024 vectors")
struct EPAVectorTests {
    static let vectors: [EPAVector] = (try? EPAVector.load()) ?? []

    @Test("the fixture loads every row")
    func fixtureLoads() throws {
        let vectors = try EPAVector.load()
        #expect(vectors.count == 78)
    }

    @Test("every vector gives its expected index, category and beyond flag", arguments: vectors)
    func vector(_ vector: EPAVector) throws {
        let index = try AQICalculator.subIndex(
            vector.pollutant, averaging: vector.averaging, concentration: vector.concentration)
        #expect(index.value == vector.expected)
        if vector.expected == nil {
            #expect(index.unavailableReason != nil)
            #expect(vector.category.hasPrefix("not defined"))
        } else {
            let name = vector.category.replacingOccurrences(of: " (beyond AQI)", with: "")
            #expect(index.epaCategory?.name == name)
            let beyond = vector.note.contains("above top breakpoint")
            #expect(index.isBeyondIndex == beyond)
        }
    }

    @Test("the vectors from Float means keep their decimal value", arguments: vectors.filter { $0.expected != nil })
    func floatInput(_ vector: EPAVector) throws {
        let asFloat = Float(vector.concentrationText) ?? .nan
        let index = try AQICalculator.subIndex(vector.pollutant, averaging: vector.averaging, concentration: asFloat)
        #expect(index.value == vector.expected)
    }
}
