public import Configuration
import Clocks
import FoundationEssentials
public import JSON

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The `climate` section: the temperature/humidity sensor on I²C (SHT3x, SHT4x, BME280) whose readings the
/// station reports and uses first for the EPA correction's humidity. Keys are documented in docs/sensors.md.
public struct ClimateConfiguration: Sendable, Hashable {
    /// `climate.model`.
    public var model: ClimateSensorModel
    /// `climate.i2c.bus`: N of `/dev/i2c-N`.
    public var i2cBus: Int
    /// `climate.i2c.address`: the 7-bit address (the model's default: 0x44, or 0x76 for the BME280).
    public var i2cAddress: UInt8
    /// `climate.interval_s`: time between readings.
    public var interval: Duration
    /// `climate.temperature_offset_c`: added to every temperature, °C (negative for a sensor warmed by the
    /// board or the enclosure); the relative humidity is recomputed for the corrected temperature.
    public var temperatureOffset: Double

    /// The defaults for `model`: bus 1 at the model's address, a reading every 30 s, no offset.
    public init(model: ClimateSensorModel) {
        self.model = model
        i2cBus = 1
        i2cAddress = model.defaultI2CAddress
        interval = .seconds(30)
        temperatureOffset = 0
    }

    /// Reads `section`; nil when `model` is missing or unknown (recorded in the section, as is every other
    /// problem).
    public init?(section: ConfigSection) {
        guard let model = section.choice("model", as: ClimateSensorModel.self) else {
            if !section.contains("model") {
                section.record("model", "required: one of \(ClimateSensorModel.allNames)")
            }
            return nil
        }
        self.init(model: model)
        if let i2c = section.section("i2c") {
            i2cBus = i2c.int("bus", in: 0...255) ?? i2cBus
            switch i2c.value("address") {
            case .number(let number) where model.i2cAddresses.contains(where: { Double($0) == number }):
                i2cAddress = UInt8(number)
            case .string(let text) where Self.address(text).map(model.i2cAddresses.contains) == true:
                i2cAddress = Self.address(text) ?? i2cAddress
            case nil:
                break
            case let other?:
                let allowed = model.i2cAddresses.map { "\"\(Hex.byte($0))\"" }.joined(separator: " or ")
                i2c.record(
                    "address", "the \(model.displayName) answers at \(allowed), found \(ConfigSection.describe(other))")
            }
        }
        if let seconds = section.double("interval_s", in: 1...3600) { interval = .interval(seconds) }
        temperatureOffset = section.double("temperature_offset_c", in: -20...20) ?? temperatureOffset
    }

    private static func address(_ text: String) -> UInt8? {
        let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? String(text.dropFirst(2)) : text
        return UInt8(digits, radix: 16)
    }

    /// `/dev/i2c-N`.
    public var i2cDevicePath: String { "/dev/i2c-\(i2cBus)" }

    /// `measurement` with the temperature offset applied and the relative humidity recomputed for the
    /// corrected temperature: the same water vapour at another temperature (Magnus formula, WMO-No. 8
    /// Annex 4.B: e_s(T) = 6.112·exp(17.62·T / (243.12 + T)) hPa), clamped to 0-100 %.
    public func adjusted(_ measurement: ClimateMeasurement) -> ClimateMeasurement {
        guard temperatureOffset != 0 else { return measurement }
        func saturation(_ celsius: Double) -> Double { 6.112 * exp(17.62 * celsius / (243.12 + celsius)) }
        var result = measurement
        result.temperature = measurement.temperature + temperatureOffset
        let ratio = saturation(measurement.temperature) / saturation(result.temperature)
        result.relativeHumidity = min(100, max(0, measurement.relativeHumidity * ratio))
        return result
    }

    /// The effective values, as a `climate` section.
    public var json: JSONValue {
        [
            "model": .string(model.rawValue),
            "i2c": ["bus": JSONValue(i2cBus), "address": .string(Hex.byte(i2cAddress))],
            "interval_s": JSONValue(interval.timeInterval),
            "temperature_offset_c": JSONValue(temperatureOffset),
        ]
    }
}
