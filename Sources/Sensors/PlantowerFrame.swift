import CheckedConversions
public import Measurements
/// A Plantower data frame (`42 4D`, length, data words, 16-bit sum), decoded per layout.
///
/// Every integer is big-endian. Mass concentrations are µg/m³; counts are particles per 0.1 L of air.
public struct PlantowerFrame: Sendable, Hashable {
    /// The layout the frame was read with.
    public let variant: PlantowerVariant
    /// The whole frame as received.
    public let bytes: [UInt8]

    /// A frame read from `bytes` without checking the checksum (see ``checksumOK``); nil when `bytes` is not
    /// `variant.frameLength` long or does not start with `42 4D`. Decoders only yield frames whose checksum holds;
    /// this is for reporting what a rejected frame said.
    public init?(unchecked bytes: [UInt8], variant: PlantowerVariant) {
        guard bytes.count == variant.frameLength, bytes[0] == 0x42, bytes[1] == 0x4D else { return nil }
        self.variant = variant
        self.bytes = bytes
    }

    /// A frame from `bytes`, only when the checksum holds and the length field matches `variant`.
    public init?(validating bytes: [UInt8], variant: PlantowerVariant) {
        self.init(unchecked: bytes, variant: variant)
        guard checksumOK, lengthField == variant.lengthField else { return nil }
    }

    private var reader: ByteReader { ByteReader(bytes) }

    /// The length field: bytes after it, checksum included (28 for 32-byte frames).
    public var lengthField: Int { Int(reader.uint16(at: 2)) }
    /// The checksum the frame carries.
    public var sentChecksum: UInt16 { reader.uint16(at: bytes.count - 2) }
    /// The 16-bit sum of every byte before the checksum.
    public var computedChecksum: UInt16 { reader.sum16(0..<(bytes.count - 2)) }
    /// Whether the checksum holds.
    public var checksumOK: Bool { sentChecksum == computedChecksum }

    /// PM1.0 "CF=1, standard particle", µg/m³.
    public var pm1CF1: Int { Int(reader.uint16(at: 4)) }
    /// PM2.5 "CF=1, standard particle", µg/m³.
    public var pm25CF1: Int { Int(reader.uint16(at: 6)) }
    /// PM10 "CF=1, standard particle", µg/m³.
    public var pm10CF1: Int { Int(reader.uint16(at: 8)) }
    /// PM1.0 "atmospheric environment", µg/m³.
    public var pm1Atmospheric: Int { Int(reader.uint16(at: 10)) }
    /// PM2.5 "atmospheric environment", µg/m³.
    public var pm25Atmospheric: Int { Int(reader.uint16(at: 12)) }
    /// PM10 "atmospheric environment", µg/m³.
    public var pm10Atmospheric: Int { Int(reader.uint16(at: 14)) }

    /// Particles per 0.1 L above 0.3, 0.5, 1.0, 2.5, 5.0 and 10 µm, as many bins as the layout has
    /// (six; four on the PMS5003T; none on the PMS3003).
    public var particleCounts: [Int] {
        (0..<variant.countBins).map { Int(reader.uint16(at: 16 + 2 * $0)) }
    }

    /// Temperature in °C (signed, 0.1 °C steps); PMS5003T and PMS5003ST only.
    public var temperature: Double? {
        switch variant {
        case .temperatureHumidity: Double(reader.int16(at: 24)) / 10
        case .formaldehydeTemperatureHumidity: Double(reader.int16(at: 30)) / 10
        default: nil
        }
    }

    /// Relative humidity in % (0.1 % steps); PMS5003T and PMS5003ST only.
    public var relativeHumidity: Double? {
        switch variant {
        case .temperatureHumidity: Double(reader.uint16(at: 26)) / 10
        case .formaldehydeTemperatureHumidity: Double(reader.uint16(at: 32)) / 10
        default: nil
        }
    }

    /// Formaldehyde in µg/m³ (the datasheet's mg/m³ × 1000); PMS5003S and PMS5003ST only.
    public var formaldehyde: Int? {
        switch variant {
        case .formaldehyde, .formaldehydeTemperatureHumidity: Int(reader.uint16(at: 28))
        default: nil
        }
    }

    /// The version byte (PMS7003 datasheet; "reserved" on the PMS5003); nil where the layout has none.
    public var versionByte: UInt8? {
        switch variant {
        case .standard, .temperatureHumidity: reader[28]
        case .formaldehydeTemperatureHumidity: reader[36]
        case .formaldehyde, .pms3003: nil
        }
    }

    /// The error byte (0 when the sensor is fine); nil where the layout has none.
    public var errorByte: UInt8? {
        switch variant {
        case .standard, .temperatureHumidity: reader[29]
        case .formaldehydeTemperatureHumidity: reader[37]
        case .formaldehyde, .pms3003: nil
        }
    }

    /// Whether every data byte (between the length field and the checksum) is zero: a sensor warming up.
    public var isAllZero: Bool { bytes[4..<(bytes.count - 2)].allSatisfy { $0 == 0 } }

    /// The values for the station: atmospheric mass concentrations, the CF=1 PM2.5, and the extras.
    public var measurement: ParticulateMeasurement {
        ParticulateMeasurement(
            pm1: Double(pm1Atmospheric), pm25: Double(pm25Atmospheric), pm10: Double(pm10Atmospheric),
            pm25CF1: Double(pm25CF1), temperature: temperature, relativeHumidity: relativeHumidity,
            formaldehyde: formaldehyde.map(Double.init), particlesOver0_3um: particleCounts.first)
    }

    /// The verdict of ``PlausibilityRules`` on this frame.
    public var plausibility: PlausibilityVerdict {
        if isAllZero { return .warmingUp("all-zero data frame: the sensor is warming up") }
        let words: [(name: String, raw: UInt16)] = [
            ("PM1.0 CF=1", reader.uint16(at: 4)), ("PM2.5 CF=1", reader.uint16(at: 6)),
            ("PM10 CF=1", reader.uint16(at: 8)), ("PM1.0", reader.uint16(at: 10)), ("PM2.5", reader.uint16(at: 12)),
            ("PM10", reader.uint16(at: 14)),
        ]
        if let verdict = PlausibilityRules.checkSentinels(words) { return verdict }
        let mass: [(name: String, value: Double)] = [
            ("PM1.0", Double(pm1Atmospheric)), ("PM2.5", Double(pm25Atmospheric)), ("PM10", Double(pm10Atmospheric)),
        ]
        if let verdict = PlausibilityRules.checkMass(mass) { return verdict }
        if let verdict = PlausibilityRules.checkOrder(mass) { return verdict }
        let cf1: [(name: String, value: Double)] = [
            ("PM1.0 CF=1", Double(pm1CF1)), ("PM2.5 CF=1", Double(pm25CF1)), ("PM10 CF=1", Double(pm10CF1)),
        ]
        if let verdict = PlausibilityRules.checkOrder(cf1) { return verdict }
        for (standard, atmospheric) in zip(cf1, mass) {
            if let verdict = PlausibilityRules.checkCF1(
                atmospheric.name, cf1: standard.value, atmospheric: atmospheric.value)
            {
                return verdict
            }
        }
        if let verdict = PlausibilityRules.checkCounts(
            pm10: Double(pm10Atmospheric), particlesOver0_3um: particleCounts.first)
        {
            return verdict
        }
        if let error = errorByte, error != 0 {
            return .implausible("the sensor reports error code \(Hex.byte(error))")
        }
        return .plausible
    }

    /// A valid frame of `variant` carrying the given values (emulators and tests). Counts beyond the layout's
    /// bins are ignored; missing ones are zero.
    public static func make(
        variant: PlantowerVariant, pm1CF1: Int, pm25CF1: Int, pm10CF1: Int, pm1: Int, pm25: Int, pm10: Int,
        counts: [Int] = [], temperature: Double? = nil, relativeHumidity: Double? = nil, formaldehyde: Int? = nil,
        version: UInt8 = 0x97, error: UInt8 = 0
    ) -> PlantowerFrame {
        var bytes = [UInt8](repeating: 0, count: variant.frameLength)
        bytes[0] = 0x42
        bytes[1] = 0x4D
        func put(_ value: Int, at position: Int) {
            let word = UInt16(clamping: value)
            bytes[position] = UInt8(word >> 8)
            bytes[position + 1] = UInt8(word & 0xFF)
        }
        func putSigned(_ value: Int, at position: Int) {
            let word = UInt16(bitPattern: Int16(clamping: value))
            bytes[position] = UInt8(word >> 8)
            bytes[position + 1] = UInt8(word & 0xFF)
        }
        put(variant.lengthField, at: 2)
        for (index, value) in [pm1CF1, pm25CF1, pm10CF1, pm1, pm25, pm10].enumerated() { put(value, at: 4 + 2 * index) }
        for index in 0..<min(variant.countBins, counts.count) { put(counts[index], at: 16 + 2 * index) }
        let tenths = { (value: Double?) in Int(clampingRounded: (value ?? 0) * 10) }
        switch variant {
        case .standard:
            bytes[28] = version
            bytes[29] = error
        case .temperatureHumidity:
            putSigned(tenths(temperature), at: 24)
            put(tenths(relativeHumidity), at: 26)
            bytes[28] = version
            bytes[29] = error
        case .formaldehyde:
            put(formaldehyde ?? 0, at: 28)
        case .formaldehydeTemperatureHumidity:
            put(formaldehyde ?? 0, at: 28)
            putSigned(tenths(temperature), at: 30)
            put(tenths(relativeHumidity), at: 32)
            bytes[36] = version
            bytes[37] = error
        case .pms3003:
            break
        }
        put(Int(ByteReader(bytes).sum16(0..<(bytes.count - 2))), at: bytes.count - 2)
        // The bytes are built to the layout, so the unchecked initialiser cannot fail; fall back to a zero frame.
        return PlantowerFrame(unchecked: bytes, variant: variant) ?? PlantowerFrame(allZero: variant)
    }

    /// The all-zero frame a sensor sends while warming up.
    public init(allZero variant: PlantowerVariant) {
        var bytes = [UInt8](repeating: 0, count: variant.frameLength)
        bytes[0] = 0x42
        bytes[1] = 0x4D
        bytes[3] = UInt8(variant.lengthField)
        let sum = ByteReader(bytes).sum16(0..<(bytes.count - 2))
        bytes[bytes.count - 2] = UInt8(sum >> 8)
        bytes[bytes.count - 1] = UInt8(sum & 0xFF)
        self.variant = variant
        self.bytes = bytes
    }
}
