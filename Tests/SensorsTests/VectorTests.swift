import Foundation
import JSON
import Testing

@testable import Sensors

/// Every vector of the shared file decodes to its listed values, fed whole, byte by byte and in random chunks.
@Suite("Shared sensor vectors")
struct VectorTests {
    static let frameVectors = SensorVector.all.filter { model(for: $0) != nil }

    /// The model whose decoder reads a vector; nil for vectors that are not frames (CRC inputs, pointers).
    static func model(for vector: SensorVector) -> SensorModel? {
        switch vector.sensor {
        case "PMS5003", "PMS-cmd", "PMS-ack": .pms5003
        case "PMS5003T": .pms5003t
        case "SDS011", "SDS011-reply", "SDS011-cmd": .sds011
        case "HPMA115S0-cmd": .hpma115s0
        case "SPS30-UART": .sps30
        case "SPS30": vector.bytes.count == 60 ? .sps30 : nil
        default: nil
        }
    }

    @Test func theFixtureHoldsEveryKindOfVector() {
        #expect(SensorVector.all.count >= 45)
        #expect(Self.frameVectors.count >= 40)
    }

    @Test(arguments: frameVectors, Chunking.allCases)
    func decodesToTheListedValues(vector: SensorVector, chunking: Chunking) throws {
        let model = try #require(Self.model(for: vector))
        var decoder = CaptureDecoder(model: model)
        var objects: [JSONValue] = []
        for chunk in chunking.chunks(vector.bytes) { objects += decoder.decode(chunk) }
        objects += decoder.finish()
        try #require(objects.count == 1, "\(objects.map { $0.serialized() })")
        let object = objects[0]
        let expectsValid = vector.value("checksum_ok") != "false"
        #expect((object["type"] == "error") == !expectsValid, "\(object.serialized())")
        for (field, expected) in vector.fields where !["note", "source"].contains(field) {
            if let problem = Self.mismatch(object, field: field, expected: expected) {
                Issue.record("\(vector.sensor) \(field): \(problem)")
            }
        }
    }

    /// Why `object` does not carry `expected` under `field`; nil when it does.
    static func mismatch(_ object: JSONValue, field: String, expected: String) -> String? {
        guard let actual = object[field] else { return "missing in \(object.serialized())" }
        if expected == "true" || expected == "false" {
            return actual == .bool(expected == "true") ? nil : "expected \(expected), found \(actual.serialized())"
        }
        // "0 = active reporting": the number under the field, the words under <field minus unit>_text.
        if ["mode", "state", "period_min"].contains(field) {
            let range = expected.range(of: " = ")
            guard let range else {
                return actual == JSONValue(Double(expected))
                    ? nil : "expected \(expected), found \(actual.serialized())"
            }
            let number = Double(expected[..<range.lowerBound])
            let words = String(expected[range.upperBound...])
            let textKey = field.replacingOccurrences(of: "_min", with: "") + "_text"
            guard actual == JSONValue(number) else { return "expected \(expected), found \(actual.serialized())" }
            return object[textKey] == .string(words) ? nil : "expected \(textKey) '\(words)' in \(object.serialized())"
        }
        if let number = Double(expected), case .number(let value) = actual {
            return abs(value - number) <= 1e-9 ? nil : "expected \(expected), found \(value)"
        }
        return actual == .string(expected) ? nil : "expected '\(expected)', found \(actual.serialized())"
    }
}
