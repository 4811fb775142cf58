// libFuzzer harness: the climate sensors' decoders on any bytes: Sensirion SHT3x/SHT4x replies (CRC-8 words),
// the BME280 calibration blocks and the compensation of any data burst. Built only by `make fuzz`; traps are
// the harness's findings (the compensation must wrap like the C original, never trap).
import Sensors

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClimate(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    guard let data else { return 0 }
    let input = Array(UnsafeBufferPointer(start: data, count: size))

    for model in [ClimateSensorModel.sht3x, .sht4x] {
        if let values = try? SensirionClimateCodec.decodeMeasurement(Array(input.prefix(6)), model: model) {
            precondition((-45...130).contains(values.temperature), "SHT temperature outside the formula's range")
            precondition((0...100).contains(values.relativeHumidity), "SHT humidity outside 0-100 %")
            _ = model.implausibility(
                temperature: values.temperature, relativeHumidity: values.relativeHumidity, pressure: nil)
        }
    }
    _ = try? SensirionClimateCodec.words(input, count: input.count / 3, what: "fuzz")

    // 26 + 7 calibration bytes, then 8 data bytes: any values, including zero divisors.
    guard input.count >= 41 else { return 0 }
    guard let calibration = try? BME280Calibration(first: Array(input[0..<26]), second: Array(input[26..<33])) else {
        preconditionFailure("33 calibration bytes must always parse")
    }
    let blocks = calibration.registerBlocks
    precondition(
        (try? BME280Calibration(first: blocks.first, second: blocks.second)) == calibration,
        "calibration registers do not round-trip")
    if let values = try? BME280Codec.decode(data: Array(input[33..<41]), calibration: calibration) {
        precondition((0...100).contains(values.relativeHumidity), "BME280 humidity outside 0-100 %")
        _ = ClimateSensorModel.bme280.implausibility(
            temperature: values.temperature, relativeHumidity: values.relativeHumidity, pressure: values.pressure)
    }
    return 0
}
