import Clocks
public import Configuration
public import JSON

/// The `sensor` section of the station's configuration file: which sensor, where, how often, and how its
/// driver runs. Read key by key with ``Configuration/ConfigSection``, so every problem is reported with its key
/// path; `json` prints the effective values. Keys are documented in docs/sensors.md. The section's
/// `correction` is the station's (`StationConfiguration.correction`): a driver reports what its sensor
/// measured, and the station decides what to make of it.
public struct SensorConfiguration: Sendable, Hashable {
    /// `sensor.model`.
    public var model: SensorModel
    /// `sensor.serial.path`: the tty, best a stable name (`/dev/serial0`, `/dev/serial/by-id/...`).
    public var serialPath: String
    /// `sensor.serial.baud`.
    public var baudRate: Int
    /// `sensor.i2c.bus`: N of `/dev/i2c-N`.
    public var i2cBus: Int
    /// `sensor.i2c.address`: the 7-bit address.
    public var i2cAddress: UInt8
    /// `sensor.set_pin`: the Plantower SET (sleep) line, if wired.
    public var setPin: GPIOLineReference?
    /// `sensor.reset_pin`: the Plantower RESET line, if wired.
    public var resetPin: GPIOLineReference?
    /// `sensor.interval_s`, `warm_up_s`, `duty_cycle`, `mode`, `response_timeout_s`, `stale_after_s`,
    /// `fault_retry_s`.
    public var driver: DriverSettings

    /// The serial baud rates termios offers.
    public static let baudRates = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115_200, 230_400, 460_800, 921_600]

    /// The defaults for `model`: `/dev/serial0` at the model's baud, or bus 1 at the model's address; every
    /// 10 s; no pins.
    public init(model: SensorModel) {
        self.model = model
        serialPath = "/dev/serial0"
        baudRate = model.defaultBaudRate ?? 9600
        i2cBus = 1
        i2cAddress = model.defaultI2CAddress ?? 0x12
        driver = DriverSettings(model: model)
    }

    /// `/dev/i2c-N`.
    public var i2cDevicePath: String { "/dev/i2c-\(i2cBus)" }

    /// Reads `section`; nil when `model` is missing or unknown (recorded in the section, as is every other
    /// problem).
    public init?(section: ConfigSection) {
        guard let model = section.choice("model", as: SensorModel.self) else {
            if !section.contains("model") {
                section.record("model", "required: one of \(SensorModel.allNames)")
            }
            return nil
        }
        self.init(model: model)
        readTransport(section)
        setPin = readPin(section, "set_pin")
        resetPin = readPin(section, "reset_pin")
        readDriver(section)
    }

    private mutating func readTransport(_ section: ConfigSection) {
        if let serial = section.section("serial") {
            if model.bus != .serial {
                section.record("serial", "\(model.rawValue) is an I²C sensor; configure sensor.i2c instead")
            }
            serialPath = serial.string("path") ?? serialPath
            if let baud = serial.int("baud") {
                if Self.baudRates.contains(baud) {
                    baudRate = baud
                } else {
                    serial.record(
                        "baud",
                        "expected one of \(Self.baudRates.map(String.init).joined(separator: ", ")), found \(baud)")
                }
            }
        }
        if let i2c = section.section("i2c") {
            if model.bus != .i2c {
                section.record("i2c", "\(model.rawValue) is a UART sensor; configure sensor.serial instead")
            }
            i2cBus = i2c.int("bus", in: 0...255) ?? i2cBus
            switch i2c.value("address") {
            case .number(let number) where number == number.rounded() && (0x03...0x77).contains(number):
                i2cAddress = UInt8(number)
            case .string(let text):
                let digits = text.hasPrefix("0x") || text.hasPrefix("0X") ? String(text.dropFirst(2)) : text
                if let value = UInt8(digits, radix: 16), (0x03...0x77).contains(value) {
                    i2cAddress = value
                } else {
                    i2c.record(
                        "address", "expected a 7-bit address from 0x03 to 0x77 (e.g. \"0x69\"), found \"\(text)\"")
                }
            case nil:
                break
            case let other?:
                i2c.record(
                    "address", "expected a 7-bit address from 0x03 to 0x77, found \(ConfigSection.describe(other))")
            }
        }
    }

    private func readPin(_ section: ConfigSection, _ key: String) -> GPIOLineReference? {
        let reference: GPIOLineReference?
        switch section.value(key) {
        case .string(let text) where !text.isEmpty: reference = GPIOLineReference(text: text)
        case .number(let number) where number == number.rounded() && number >= 0 && number < 1024:
            reference = .offset(Int(number))
        case nil: return nil
        case let other?:
            section.record(
                key, "expected a GPIO line name (\"GPIO22\") or offset (22), found \(ConfigSection.describe(other))")
            return nil
        }
        if model.family != .plantower {
            section.record(key, "only Plantower sensors have SET and RESET pins")
        }
        return reference
    }

    private mutating func readDriver(_ section: ConfigSection) {
        if let interval = section.double("interval_s", in: 1...86_400) {
            driver.interval = .interval(interval)
            driver.staleAfter = max(driver.interval * 3, .seconds(30))
        }
        if let warmUp = section.double("warm_up_s", in: 0...600) { driver.warmUp = .interval(warmUp) }
        driver.dutyCycle = section.choice("duty_cycle", as: DriverSettings.DutyCycle.self) ?? driver.dutyCycle
        driver.mode = section.choice("mode", as: DriverSettings.ReportingMode.self) ?? driver.mode
        if driver.mode == .passive, !model.acceptsCommands, section.contains("mode") {
            section.record("mode", "\(model.rawValue) has no passive mode; use \"active\"")
        }
        if let timeout = section.double("response_timeout_s", in: 0.1...60) {
            driver.responseTimeout = .interval(timeout)
        }
        if let stale = section.double("stale_after_s", in: 1...86_400) { driver.staleAfter = .interval(stale) }
        if let retry = section.double("fault_retry_s", in: 1...86_400) { driver.faultRetryInterval = .interval(retry) }
    }

    /// The effective values, as a `sensor` section.
    public var json: JSONValue {
        var pairs: [(key: String, value: JSONValue)] = [("model", .string(model.rawValue))]
        switch model.bus {
        case .serial: pairs.append(("serial", ["path": .string(serialPath), "baud": JSONValue(baudRate)]))
        case .i2c: pairs.append(("i2c", ["bus": JSONValue(i2cBus), "address": .string(Hex.byte(i2cAddress))]))
        }
        pairs += [
            ("interval_s", JSONValue(driver.interval.timeInterval)),
            ("set_pin", setPin.map { JSONValue.string($0.description) } ?? .null),
            ("reset_pin", resetPin.map { JSONValue.string($0.description) } ?? .null),
            ("warm_up_s", JSONValue(driver.warmUp.timeInterval)),
            ("duty_cycle", .string(driver.dutyCycle.rawValue)),
            ("mode", .string(model.acceptsCommands ? driver.mode.rawValue : "active")),
            ("response_timeout_s", JSONValue(driver.responseTimeout.timeInterval)),
            ("stale_after_s", JSONValue(driver.staleAfter.timeInterval)),
            ("fault_retry_s", JSONValue(driver.faultRetryInterval.timeInterval)),
        ]
        return .object(pairs)
    }
}
