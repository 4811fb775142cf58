/// The Sensirion SHT3x and SHT4x commands and conversions (pure; the driver does the I/O).
///
/// Both answer a measurement with six bytes: temperature word, its CRC-8, humidity word, its CRC-8 (CRC-8
/// poly 0x31, init 0xFF, as ``SensirionCRC8``). Formulas from the SHT3x-DIS datasheet §4.13 and the SHT4x
/// datasheet §4.6.
public enum SensirionClimateCodec {
    /// SHT3x single shot, high repeatability, clock stretching disabled (datasheet table 9).
    public static let sht3xMeasureHighRepeatability: [UInt8] = [0x24, 0x00]
    /// SHT3x read status register (datasheet §4.11): one word + CRC.
    public static let sht3xReadStatus: [UInt8] = [0xF3, 0x2D]
    /// SHT3x soft reset (datasheet §4.9).
    public static let sht3xSoftReset: [UInt8] = [0x30, 0xA2]
    /// SHT4x measure T and RH with high precision (datasheet table 7).
    public static let sht4xMeasureHighPrecision: [UInt8] = [0xFD]
    /// SHT4x read serial number: two words, each with a CRC.
    public static let sht4xReadSerial: [UInt8] = [0x89]
    /// SHT4x soft reset.
    public static let sht4xSoftReset: [UInt8] = [0x94]

    /// The longest a measurement takes before its result can be read: SHT3x high repeatability 15.5 ms
    /// (datasheet table 4), SHT4x high precision 8.3 ms (datasheet table 4); rounded up with margin.
    public static func measurementTime(_ model: ClimateSensorModel) -> Duration {
        model == .sht4x ? .milliseconds(10) : .milliseconds(16)
    }

    /// The words of a reply of `count` CRC-protected words (`3 × count` bytes), checking every CRC.
    public static func words(_ bytes: [UInt8], count: Int, what: String) throws(ClimateCodecError) -> [UInt16] {
        guard bytes.count == 3 * count else {
            throw .wrongLength(what: what, expected: 3 * count, got: bytes.count)
        }
        var words: [UInt16] = []
        for index in 0..<count {
            let base = 3 * index
            let computed = SensirionCRC8.checksum(bytes[base..<(base + 2)])
            guard computed == bytes[base + 2] else {
                throw .crcMismatch(what: what, word: index, computed: computed, sent: bytes[base + 2])
            }
            words.append(UInt16(bytes[base]) << 8 | UInt16(bytes[base + 1]))
        }
        return words
    }

    /// Word + CRC + word + CRC for a reply (emulators, tests).
    public static func reply(_ words: [UInt16]) -> [UInt8] {
        words.flatMap { word in
            let pair = [UInt8(word >> 8), UInt8(word & 0xFF)]
            return pair + [SensirionCRC8.checksum(pair)]
        }
    }

    /// Temperature in °C from a raw word: T = -45 + 175 · S / 65535 (both families).
    public static func temperature(raw: UInt16) -> Double { -45 + 175 * Double(raw) / 65535 }

    /// SHT3x relative humidity in %: RH = 100 · S / 65535.
    public static func sht3xHumidity(raw: UInt16) -> Double { 100 * Double(raw) / 65535 }

    /// SHT4x relative humidity in %: RH = -6 + 125 · S / 65535, clamped to 0-100 as the datasheet advises
    /// (the linear fit may go slightly outside near the ends).
    public static func sht4xHumidity(raw: UInt16) -> Double { min(100, max(0, -6 + 125 * Double(raw) / 65535)) }

    /// Decodes a 6-byte measurement reply of `model` (SHT3x or SHT4x) into (°C, %).
    public static func decodeMeasurement(_ bytes: [UInt8], model: ClimateSensorModel)
        throws(ClimateCodecError) -> (temperature: Double, relativeHumidity: Double)
    {
        let raw = try Self.words(bytes, count: 2, what: "\(model.displayName) measurement")
        let humidity = model == .sht4x ? sht4xHumidity(raw: raw[1]) : sht3xHumidity(raw: raw[1])
        return (temperature(raw: raw[0]), humidity)
    }

    /// The raw temperature word closest to `celsius` (emulators), clamped to the word's range.
    public static func rawTemperature(_ celsius: Double) -> UInt16 { rawWord((celsius + 45) / 175) }

    /// The raw humidity word of `model` closest to `percent` (emulators).
    public static func rawHumidity(_ percent: Double, model: ClimateSensorModel) -> UInt16 {
        model == .sht4x ? rawWord((percent + 6) / 125) : rawWord(percent / 100)
    }

    private static func rawWord(_ fraction: Double) -> UInt16 {
        guard fraction.isFinite else { return 0 }
        return UInt16((min(1, max(0, fraction)) * 65535).rounded())
    }
}
