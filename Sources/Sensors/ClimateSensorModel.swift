/// A supported temperature/humidity sensor on I²C, by the name used on the command line and in the
/// configuration.
public enum ClimateSensorModel: String, CaseIterable, Sendable, Codable {
    /// Sensirion SHT30/SHT31/SHT35 (the same protocol; address 0x44, or 0x45 with ADDR high).
    case sht3x
    /// Sensirion SHT40/SHT41/SHT45 (the same protocol; address 0x44, 0x45 or 0x46 by part number).
    case sht4x
    /// Bosch BME280: temperature, humidity and pressure (address 0x76, or 0x77 with SDO high).
    case bme280

    /// Maker and model, for logs and status pages.
    public var displayName: String {
        switch self {
        case .sht3x: "Sensirion SHT3x"
        case .sht4x: "Sensirion SHT4x"
        case .bme280: "Bosch BME280"
        }
    }

    /// The addresses the part can answer at, the default first (datasheets).
    public var i2cAddresses: [UInt8] {
        switch self {
        case .sht3x: [0x44, 0x45]
        case .sht4x: [0x44, 0x45, 0x46]
        case .bme280: [0x76, 0x77]
        }
    }

    /// The default 7-bit I²C address.
    public var defaultI2CAddress: UInt8 { i2cAddresses[0] }

    /// Whether the sensor measures barometric pressure.
    public var measuresPressure: Bool { self == .bme280 }

    /// The names of all models, comma-separated, for messages.
    public static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

extension ClimateSensorModel {
    /// The specified operating range of the temperature sensor, °C (SHT3x/SHT4x: -40-125, BME280: -40-85).
    public var temperatureRange: ClosedRange<Double> { self == .bme280 ? -40...85 : -40...125 }
    /// The BME280's pressure range, Pa (300-1100 hPa).
    public static let pressureRange: ClosedRange<Double> = 30_000...110_000

    /// Why a compensated reading cannot be believed, or nil when it is within the sensor's ranges.
    public func implausibility(temperature: Double, relativeHumidity: Double, pressure: Double?) -> String? {
        guard temperature.isFinite, temperatureRange.contains(temperature) else {
            return "temperature \(temperature) °C is outside the \(displayName)'s "
                + "\(Int(temperatureRange.lowerBound))-\(Int(temperatureRange.upperBound)) °C"
        }
        guard relativeHumidity.isFinite, (0...100).contains(relativeHumidity) else {
            return "relative humidity \(relativeHumidity) % is outside 0-100 %"
        }
        if let pressure, !(pressure.isFinite && Self.pressureRange.contains(pressure)) {
            return "pressure \(pressure) Pa is outside the BME280's 30000-110000 Pa"
        }
        return nil
    }
}
