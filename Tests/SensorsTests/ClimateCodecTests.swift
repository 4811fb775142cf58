import Testing

@testable import Sensors

/// The SHT3x, SHT4x and BME280 codecs on the datasheets' own worked examples.
@Suite("Climate sensor codecs")
struct ClimateCodecTests {
    @Test("Sensirion CRC-8 of 0xBEEF is 0x92 (SHT3x and SHT4x datasheets)")
    func crcExample() {
        #expect(SensirionCRC8.checksum([0xBE, 0xEF]) == 0x92)
        #expect(SensirionClimateCodec.reply([0xBEEF]) == [0xBE, 0xEF, 0x92])
    }

    @Test("SHT3x conversion: the formula's end points and mid-scale")
    func sht3xConversion() throws {
        // T = -45 + 175·S/65535, RH = 100·S/65535 (SHT3x-DIS §4.13): 0 → -45 °C / 0 %, 65535 → 130 °C / 100 %.
        let low = try SensirionClimateCodec.decodeMeasurement(
            SensirionClimateCodec.reply([0, 0]), model: .sht3x)
        #expect(low.temperature == -45 && low.relativeHumidity == 0)
        let high = try SensirionClimateCodec.decodeMeasurement(
            SensirionClimateCodec.reply([0xFFFF, 0xFFFF]), model: .sht3x)
        #expect(high.temperature == 130 && high.relativeHumidity == 100)
        // 0x6666 = 26214: -45 + 175 × 0.4 = 25.0 °C (to 0.01), RH 40.0 %.
        let mid = try SensirionClimateCodec.decodeMeasurement(
            SensirionClimateCodec.reply([0x6666, 0x6666]), model: .sht3x)
        #expect(abs(mid.temperature - 25.0) < 0.01)
        #expect(abs(mid.relativeHumidity - 40.0) < 0.01)
    }

    @Test("SHT4x humidity: RH = -6 + 125·S/65535, clamped to 0-100 %")
    func sht4xConversion() throws {
        let low = try SensirionClimateCodec.decodeMeasurement(SensirionClimateCodec.reply([0, 0]), model: .sht4x)
        #expect(low.relativeHumidity == 0)  // -6 % clamped
        let high = try SensirionClimateCodec.decodeMeasurement(
            SensirionClimateCodec.reply([0, 0xFFFF]), model: .sht4x)
        #expect(high.relativeHumidity == 100)  // 119 % clamped
        let mid = try SensirionClimateCodec.decodeMeasurement(
            SensirionClimateCodec.reply([0x6666, 0x8000]), model: .sht4x)
        #expect(abs(mid.relativeHumidity - (-6 + 125 * 32768.0 / 65535)) < 1e-9)
    }

    @Test("a bad CRC in either word and a short reply are errors naming what was wrong")
    func sensirionErrors() {
        var reply = SensirionClimateCodec.reply([0x6666, 0x6666])
        reply[5] ^= 0xFF
        #expect(throws: ClimateCodecError.crcMismatch(
            what: "Sensirion SHT3x measurement", word: 1, computed: reply[5] ^ 0xFF, sent: reply[5])) {
            try SensirionClimateCodec.decodeMeasurement(reply, model: .sht3x)
        }
        #expect(throws: ClimateCodecError.wrongLength(what: "Sensirion SHT4x measurement", expected: 6, got: 3)) {
            try SensirionClimateCodec.decodeMeasurement([0xBE, 0xEF, 0x92], model: .sht4x)
        }
    }

    /// The worked example of the BMP280 datasheet (BST-BMP280-DS001, §3.12), whose T and P formulas the BME280
    /// shares.
    static let bmp280Example = BME280Calibration(
        t1: 27504, t2: 26435, t3: -1000, p1: 36477, p2: -10685, p3: 3024, p4: 2855, p5: 140, p6: -7, p7: 15500,
        p8: -14600, p9: 6000)

    @Test("BMP280 datasheet example: adc_T 519888 → t_fine 128422, 25.08 °C; adc_P 415148 → 100653 Pa")
    func bmp280Example() throws {
        let (centi, tFine) = BME280Compensation.temperature(adc: 519_888, Self.bmp280Example)
        #expect(tFine == 128_422)
        #expect(centi == 2508)
        let pressure = try #require(BME280Compensation.pressureQ24_8(adc: 415_148, tFine: tFine, Self.bmp280Example))
        #expect(Int(Double(pressure) / 256) == 100_653)
    }

    /// The datasheet's floating-point humidity formula (§8.1), an independent check of the integer one.
    static func humidityDouble(adc: Double, tFine: Double, _ c: BME280Calibration) -> Double {
        var h = tFine - 76800
        h = (adc - (Double(c.h4) * 64 + Double(c.h5) / 16384 * h))
            * (Double(c.h2) / 65536 * (1 + Double(c.h6) / 67_108_864 * h * (1 + Double(c.h3) / 67_108_864 * h)))
        h *= 1 - Double(c.h1) * h / 524_288
        return min(100, max(0, h))
    }

    @Test("BME280 humidity: the integer formula agrees with the datasheet's floating-point one", arguments: [
        22_000, 26_000, 30_000, 35_000,
    ])
    func humidityAgrees(adc: Int32) {
        var c = Self.bmp280Example
        (c.h1, c.h2, c.h3, c.h4, c.h5, c.h6) = (75, 362, 0, 313, 50, 30)
        let integer = Double(BME280Compensation.humidityQ22_10(adc: adc, tFine: 128_422, c)) / 1024
        let float = Self.humidityDouble(adc: Double(adc), tFine: 128_422, c)
        #expect(abs(integer - float) < 0.05, "integer \(integer) vs double \(float)")
        #expect(integer > 0 && integer <= 100)
    }

    @Test("BME280 calibration registers round-trip, including the shared nibbles of dig_H4/dig_H5")
    func calibrationRoundTrip() throws {
        var c = Self.bmp280Example
        (c.h1, c.h2, c.h3, c.h4, c.h5, c.h6) = (75, 362, 0, -313, 50, -30)
        let blocks = c.registerBlocks
        #expect(blocks.first.count == 26 && blocks.second.count == 7)
        #expect(try BME280Calibration(first: blocks.first, second: blocks.second) == c)
        #expect(throws: ClimateCodecError.self) { try BME280Calibration(first: [], second: blocks.second) }
    }

    @Test("BME280 data: reset values mean no measurement; a zero dig_P1 is an error, not a crash")
    func bme280DataErrors() {
        #expect(throws: ClimateCodecError.self) {
            try BME280Codec.decode(data: [0x80, 0, 0, 0x80, 0, 0, 0x80, 0], calibration: Self.bmp280Example)
        }
        var zero = Self.bmp280Example
        zero.p1 = 0
        #expect(throws: ClimateCodecError.self) {
            try BME280Codec.decode(data: [0x65, 0x5A, 0xC0, 0x7E, 0xED, 0x00, 0x66, 0x00], calibration: zero)
        }
        // adc_P 415148 = 0x655AC, adc_T 519888 = 0x7EED0: the datasheet example through the register layout.
        let values = try? BME280Codec.decode(
            data: [0x65, 0x5A, 0xC0, 0x7E, 0xED, 0x00, 0x66, 0x00], calibration: Self.bmp280Example)
        #expect(values?.temperature == 25.08)
        #expect(values.map { Int($0.pressure) } == 100_653)
    }
}
