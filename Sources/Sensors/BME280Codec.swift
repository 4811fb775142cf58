/// The BME280 registers, commands and the decoding of a burst read (pure; the driver does the I/O).
/// Datasheet: Bosch BST-BME280-DS002, §5 (memory map) and §3.3 (forced mode).
public enum BME280Codec {
    /// The chip-id register and what a BME280 answers (a BMP280 answers 0x56-0x58).
    public static let chipIDRegister: UInt8 = 0xD0
    /// The BME280's chip id.
    public static let chipID: UInt8 = 0x60
    /// ctrl_hum: humidity oversampling; takes effect only after a later write of ctrl_meas.
    public static let controlHumidityRegister: UInt8 = 0xF2
    /// status: bit 3 `measuring`, bit 0 `im_update`.
    public static let statusRegister: UInt8 = 0xF3
    /// ctrl_meas: temperature and pressure oversampling and the mode.
    public static let controlMeasurementRegister: UInt8 = 0xF4
    /// The first data register (press_msb); 8 bytes 0xF7-0xFE hold pressure, temperature, humidity.
    public static let dataRegister: UInt8 = 0xF7
    /// ctrl_hum value: humidity oversampling ×1 (the "weather monitoring" setting, datasheet §3.5.1).
    public static let humidityOversamplingX1: UInt8 = 0x01
    /// ctrl_meas value: temperature ×1, pressure ×1, forced mode (0b001_001_01).
    public static let forcedMeasurement: UInt8 = 0x25
    /// Measurement time at ×1 oversampling for all three: 1.25 + 2.3 + 2.875 + 2.875 = 9.3 ms (datasheet
    /// §9.1, maximum), rounded up.
    public static let measurementTime: Duration = .milliseconds(10)

    /// Compensated values from an 8-byte read of 0xF7-0xFE.
    public static func decode(data: [UInt8], calibration: BME280Calibration) throws(ClimateCodecError)
        -> (temperature: Double, relativeHumidity: Double, pressure: Double)
    {
        guard data.count == 8 else { throw .wrongLength(what: "BME280 data 0xF7-0xFE", expected: 8, got: data.count) }
        let adcP = Int32(data[0]) << 12 | Int32(data[1]) << 4 | Int32(data[2] >> 4)
        let adcT = Int32(data[3]) << 12 | Int32(data[4]) << 4 | Int32(data[5] >> 4)
        let adcH = Int32(data[6]) << 8 | Int32(data[7])
        // 0x80000 / 0x8000 are the reset values of skipped measurements: the chip has not measured yet.
        guard adcT != 0x80000, adcP != 0x80000, adcH != 0x8000 else {
            throw .invalidData("BME280 data registers hold their reset values: no measurement was taken")
        }
        let (centi, tFine) = BME280Compensation.temperature(adc: adcT, calibration)
        guard let pressure = BME280Compensation.pressureQ24_8(adc: adcP, tFine: tFine, calibration) else {
            throw .invalidData("BME280 calibration dig_P1 makes the pressure formula divide by zero")
        }
        let humidity = BME280Compensation.humidityQ22_10(adc: adcH, tFine: tFine, calibration)
        return (Double(centi) / 100, Double(humidity) / 1024, Double(pressure) / 256)
    }
}
