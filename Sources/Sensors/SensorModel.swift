/// A supported particulate sensor, by the name users give it in the configuration and on the command line.
public enum SensorModel: String, CaseIterable, Sendable, Codable {
    /// Plantower PMS5003 (UART, 32-byte frames).
    case pms5003
    /// Plantower PMS5003T: PM plus temperature and humidity (UART).
    case pms5003t
    /// Plantower PMS5003S: PM plus formaldehyde (UART).
    case pms5003s
    /// Plantower PMS5003ST: PM, formaldehyde, temperature and humidity (UART, 40-byte frames).
    case pms5003st
    /// Plantower PMS3003 (UART, 24-byte frames, accepts no commands).
    case pms3003
    /// Plantower PMS7003 (UART, same frame as the PMS5003).
    case pms7003
    /// Plantower PMSA003 (UART, same frame as the PMS5003).
    case pmsa003
    /// Plantower PMSA003I (I²C address 0x12, the same 32-byte frame).
    case pmsa003i
    /// Nova Fitness SDS011 (UART, 10-byte frames; also SDS018/SDS021).
    case sds011
    /// Sensirion SPS30 (I²C address 0x69, CRC-8 on every word).
    case sps30
    /// Honeywell HPMA115S0 (UART; PM2.5 and PM10).
    case hpma115s0
    /// Honeywell HPMA115C0 (UART; PM1, PM2.5, PM4 and PM10).
    case hpma115c0
    /// Cubic PM1006, the sensor inside the IKEA Vindriktning (UART, 20-byte frames; listened to, never
    /// commanded). It has no CF=1 channel, so no EPA correction applies to it.
    case pm1006

    /// The protocol family, which decides the codec and the driver.
    public var family: SensorFamily {
        switch self {
        case .pms5003, .pms5003t, .pms5003s, .pms5003st, .pms3003, .pms7003, .pmsa003, .pmsa003i: .plantower
        case .sds011: .novaFitness
        case .sps30: .sensirion
        case .hpma115s0, .hpma115c0: .honeywell
        case .pm1006: .cubic
        }
    }

    /// The bus the sensor is read over.
    public var bus: SensorBus {
        switch self {
        case .pmsa003i, .sps30: .i2c
        default: .serial
        }
    }

    /// Maker and model, for logs and status pages.
    public var displayName: String {
        switch self {
        case .pms5003: "Plantower PMS5003"
        case .pms5003t: "Plantower PMS5003T"
        case .pms5003s: "Plantower PMS5003S"
        case .pms5003st: "Plantower PMS5003ST"
        case .pms3003: "Plantower PMS3003"
        case .pms7003: "Plantower PMS7003"
        case .pmsa003: "Plantower PMSA003"
        case .pmsa003i: "Plantower PMSA003I"
        case .sds011: "Nova Fitness SDS011"
        case .sps30: "Sensirion SPS30"
        case .hpma115s0: "Honeywell HPMA115S0"
        case .hpma115c0: "Honeywell HPMA115C0"
        case .pm1006: "Cubic PM1006"
        }
    }

    /// The UART speed in baud (all supported UART sensors use 9600 8N1); nil for I²C sensors.
    public var defaultBaudRate: Int? { bus == .serial ? 9600 : nil }

    /// The 7-bit I²C address; nil for UART sensors.
    public var defaultI2CAddress: UInt8? {
        switch self {
        case .pmsa003i: 0x12
        case .sps30: 0x69
        default: nil
        }
    }

    /// The Plantower frame layout of this model; nil outside the Plantower family.
    public var plantowerVariant: PlantowerVariant? {
        switch self {
        case .pms5003, .pms7003, .pmsa003, .pmsa003i: .standard
        case .pms5003t: .temperatureHumidity
        case .pms5003s: .formaldehyde
        case .pms5003st: .formaldehydeTemperatureHumidity
        case .pms3003: .pms3003
        default: nil
        }
    }

    /// The Honeywell variant; nil outside the Honeywell family.
    public var honeywellVariant: HoneywellVariant? {
        switch self {
        case .hpma115s0: .s0
        case .hpma115c0: .c0
        default: nil
        }
    }

    /// Whether the sensor takes commands over its data link (the PMS3003 and the PMSA003I take none: they
    /// only stream, and sleep through the SET pin; a PM1006 is listened to on the Vindriktning's line, where
    /// its own controller does the asking).
    public var acceptsCommands: Bool {
        switch self {
        case .pms3003, .pmsa003i, .pm1006: false
        default: true
        }
    }

    /// How long readings are discarded after power-up or wake: the fan and laser need it to stabilise.
    /// 30 s for Plantower and the SDS011 (datasheets), 30 s for the SPS30 (its worst-case start-up time at low
    /// concentrations), 15 s for the Honeywell sensors (response time under 6 s, with margin), none for the
    /// PM1006 (the station only listens: the Vindriktning's controller powers and warms it, and the station
    /// cannot know when).
    public var defaultWarmUp: Duration {
        switch family {
        case .plantower, .novaFitness, .sensirion: .seconds(30)
        case .honeywell: .seconds(15)
        case .cubic: .zero
        }
    }

    /// Whether the sensor reports the "CF=1" PM2.5 the EPA corrections were fitted on (the Plantower family
    /// only). Sensors without it (SDS011, SPS30, HPMA115, PM1006) get no EPA correction.
    public var hasCF1Channel: Bool { family == .plantower }

    /// The names of all models, comma-separated, for messages.
    public static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// The bus a sensor is connected to.
public enum SensorBus: String, Sendable {
    /// A UART (tty).
    case serial
    /// An I²C bus (i2c-dev).
    case i2c
}
