import Foundation

/// The shared sensor vectors (`Fixtures/sensor-frames.csv`, a copy of `shared/vectors/sensor-frames.csv`):
/// rows of sensor, hex, field, value, source.
struct SensorVector: Sendable, CustomStringConvertible {
    let sensor: String
    let hex: String
    /// Field name → expected value, as written in the file.
    let fields: [(name: String, value: String)]

    var description: String { "\(sensor) \(hex)" }

    var bytes: [UInt8] {
        stride(from: 0, to: hex.count, by: 2).map { offset in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16) ?? 0
        }
    }

    func value(_ field: String) -> String? { fields.first { $0.name == field }?.value }

    /// Every vector, grouped by (sensor, hex) in file order.
    static let all: [SensorVector] = load()

    static func of(_ sensors: String...) -> [SensorVector] { all.filter { sensors.contains($0.sensor) } }

    private static func load() -> [SensorVector] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/sensor-frames.csv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        var groups: [SensorVector] = []
        for line in text.split(whereSeparator: \.isNewline).dropFirst() {
            let columns = parseCSVLine(String(line))
            guard columns.count >= 4 else { continue }
            let (sensor, hex, field, value) = (columns[0], columns[1], columns[2], columns[3])
            if let index = groups.firstIndex(where: { $0.sensor == sensor && $0.hex == hex }) {
                groups[index] = SensorVector(
                    sensor: sensor, hex: hex, fields: groups[index].fields + [(field, value)])
            } else {
                groups.append(SensorVector(sensor: sensor, hex: hex, fields: [(field, value)]))
            }
        }
        return groups
    }

    /// One CSV line with double-quoted fields ("" inside quotes is a quote).
    static func parseCSVLine(_ line: String) -> [String] {
        var columns: [String] = []
        var current = ""
        var quoted = false
        var characters = Array(line)
        if characters.last == "\r" { characters.removeLast() }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if quoted {
                if character == "\"" {
                    if index + 1 < characters.count, characters[index + 1] == "\"" {
                        current.append("\"")
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                columns.append(current)
                current = ""
            } else {
                current.append(character)
            }
            index += 1
        }
        columns.append(current)
        return columns
    }
}

/// A small deterministic generator (SplitMix64), so random tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The ways a test feeds bytes to a streaming decoder.
enum Chunking: CaseIterable, CustomStringConvertible, Sendable {
    case whole, byteByByte, randomChunks

    var description: String {
        switch self {
        case .whole: "whole"
        case .byteByByte: "byte by byte"
        case .randomChunks: "random chunks"
        }
    }

    func chunks(_ bytes: [UInt8], seed: UInt64 = 7) -> [[UInt8]] {
        switch self {
        case .whole: return [bytes]
        case .byteByByte: return bytes.map { [$0] }
        case .randomChunks:
            var generator = SeededGenerator(seed: seed)
            var chunks: [[UInt8]] = []
            var index = 0
            while index < bytes.count {
                let size = Int.random(in: 1...7, using: &generator)
                chunks.append(Array(bytes[index..<min(bytes.count, index + size)]))
                index += size
            }
            return chunks
        }
    }
}
