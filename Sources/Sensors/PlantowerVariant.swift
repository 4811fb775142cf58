/// The Plantower frame layouts. They share start bytes and checksum rule; the length field tells them apart,
/// except the three 32-byte layouts, which the configured model decides.
public enum PlantowerVariant: String, Sendable, CaseIterable {
    /// PMS1003/5003/7003/A003 and PMSA003I: six PM words, six count bins, version and error bytes.
    case standard
    /// PMS5003T: four count bins, then signed temperature /10 °C and humidity /10 %.
    case temperatureHumidity = "pms5003t"
    /// PMS5003S: six count bins, then formaldehyde in µg/m³.
    case formaldehyde = "pms5003s"
    /// PMS5003ST (40 bytes): formaldehyde, temperature, humidity, version and error.
    case formaldehydeTemperatureHumidity = "pms5003st"
    /// PMS3003 (24 bytes): six PM words and three reserved words.
    case pms3003

    /// Bytes in a data frame, start characters and checksum included.
    public var frameLength: Int {
        switch self {
        case .standard, .temperatureHumidity, .formaldehyde: 32
        case .formaldehydeTemperatureHumidity: 40
        case .pms3003: 24
        }
    }

    /// The value of the length field (bytes after it, checksum included).
    public var lengthField: Int { frameLength - 4 }

    /// How many count bins the frame carries (0.3, 0.5, 1.0, 2.5, 5.0, 10 µm in that order).
    public var countBins: Int {
        switch self {
        case .standard, .formaldehyde, .formaldehydeTemperatureHumidity: 6
        case .temperatureHumidity: 4
        case .pms3003: 0
        }
    }
}
