/// The per-model steps of ``ClimateSensorDriver``: identification and one measurement.
extension ClimateSensorDriver {
    func identify() async throws(ClimateI2CLink.Failure) {
        switch model {
        case .sht3x:
            let status = try await link.transfer(
                SensirionClimateCodec.sht3xReadStatus, wait: .milliseconds(1), read: 3,
                decode: { (bytes) throws(ClimateCodecError) in
                    try SensirionClimateCodec.words(bytes, count: 1, what: "SHT3x status register")
                })
            identity = ["status": Hex.word(status[0])]
        case .sht4x:
            let words = try await link.transfer(
                SensirionClimateCodec.sht4xReadSerial, wait: .milliseconds(2), read: 6,
                decode: { (bytes) throws(ClimateCodecError) in
                    try SensirionClimateCodec.words(bytes, count: 2, what: "SHT4x serial number")
                })
            identity = ["serial": Hex.word(words[0]) + Hex.word(words[1]).dropFirst(2)]
        case .bme280:
            let chip = try await link.transfer(
                [BME280Codec.chipIDRegister], wait: .zero, read: 1,
                decode: ClimateI2CLink.exactly(1, "BME280 chip id"))[0]
            guard chip == BME280Codec.chipID else {
                let bmp = (0x56...0x58).contains(chip) ? " (a BMP280, which has no humidity sensor)" : ""
                throw .invalid(.wrongChip(what: "chip id \(Hex.byte(chip)) at 0xD0 is not a BME280's 0x60" + bmp))
            }
            let blocks = (BME280Calibration.temperaturePressureBlock, BME280Calibration.humidityBlock)
            let first = try await link.transfer(
                [blocks.0.register], wait: .zero, read: blocks.0.count,
                decode: ClimateI2CLink.exactly(blocks.0.count, "BME280 calibration 0x88-0xA1"))
            let second = try await link.transfer(
                [blocks.1.register], wait: .zero, read: blocks.1.count,
                decode: ClimateI2CLink.exactly(blocks.1.count, "BME280 calibration 0xE1-0xE7"))
            do {
                calibration = try BME280Calibration(first: first, second: second)
            } catch {
                throw .invalid(error)
            }
            identity = ["chip_id": Hex.byte(chip)]
        }
    }

    func measure() async throws(ClimateI2CLink.Failure)
        -> (temperature: Double, relativeHumidity: Double, pressure: Double?)
    {
        switch model {
        case .sht3x, .sht4x:
            let model = self.model
            let command =
                model == .sht4x
                ? SensirionClimateCodec.sht4xMeasureHighPrecision : SensirionClimateCodec.sht3xMeasureHighRepeatability
            let values = try await link.transfer(
                command, wait: SensirionClimateCodec.measurementTime(model), read: 6,
                decode: { (bytes) throws(ClimateCodecError) in
                    try SensirionClimateCodec.decodeMeasurement(bytes, model: model)
                })
            return (values.temperature, values.relativeHumidity, nil)
        case .bme280:
            guard let calibration else { throw .invalid(.invalidData("BME280 calibration not read")) }
            // ctrl_hum first: it takes effect only with the following ctrl_meas write, which starts the conversion.
            try await link.write([
                BME280Codec.controlHumidityRegister, BME280Codec.humidityOversamplingX1,
                BME280Codec.controlMeasurementRegister, BME280Codec.forcedMeasurement,
            ])
            let values = try await link.transfer(
                [BME280Codec.dataRegister], wait: BME280Codec.measurementTime, read: 8,
                decode: { (bytes) throws(ClimateCodecError) in
                    try BME280Codec.decode(data: bytes, calibration: calibration)
                })
            return (values.temperature, values.relativeHumidity, values.pressure)
        }
    }
}
