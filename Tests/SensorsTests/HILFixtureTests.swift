import Foundation
import Testing

@testable import Sensors

@Suite("HIL fixtures")
struct HILFixtureTests {
    @Test("the BME280 registers loaded into the HIL rig's i2c-stub compensate to 21.5 °C, 55 % RH, 100900 Pa")
    func bme280Registers() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("board/hil/fixtures/bme280-registers.txt")
        var registers: [Int: UInt8] = [:]
        for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") where !line.hasPrefix("#") {
            let fields = line.split(separator: " ").compactMap { UInt16($0.dropFirst(2), radix: 16) }
            try #require(fields.count == 2, "bad line \(line)")
            registers[Int(fields[0])] = UInt8(fields[1])
        }
        func block(_ start: Int, _ count: Int) throws -> [UInt8] {
            try (start..<start + count).map { try #require(registers[$0], "register \($0) missing") }
        }
        #expect(registers[Int(BME280Codec.chipIDRegister)] == BME280Codec.chipID)
        let calibration = try BME280Calibration(first: try block(0x88, 26), second: try block(0xE1, 7))
        let values = try BME280Codec.decode(data: try block(0xF7, 8), calibration: calibration)
        #expect(abs(values.temperature - 21.5) <= 0.01)
        #expect(abs(values.relativeHumidity - 55) <= 0.01)
        #expect(abs(try #require(values.pressure) - 100_900) <= 1)
    }
}
