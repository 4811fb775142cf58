public import Measurements
/// A Honeywell HPMA115 measurement, from a read reply or an auto-send frame. Mass concentrations in µg/m³.
public struct HoneywellReading: Sendable, Hashable {
    /// Where the reading came from.
    public enum Source: String, Sendable, Hashable {
        /// The answer to "read particle measuring results" (`40 05 04 ..` or `40 0D 04 ..`).
        case readReply = "read_reply"
        /// A 32-byte `42 4D 00 1C` auto-send frame.
        case autoSend = "auto_send"
    }

    /// Where it came from.
    public let source: Source
    /// PM1.0 (HPMA115C0 only).
    public let pm1: Int?
    /// PM2.5.
    public let pm25: Int
    /// PM4.0 (HPMA115C0 only).
    public let pm4: Int?
    /// PM10.
    public let pm10: Int

    /// A reading.
    public init(source: Source, pm1: Int? = nil, pm25: Int, pm4: Int? = nil, pm10: Int) {
        self.source = source
        self.pm1 = pm1
        self.pm25 = pm25
        self.pm4 = pm4
        self.pm10 = pm10
    }

    /// The values for the station.
    public var measurement: ParticulateMeasurement {
        ParticulateMeasurement(
            pm1: pm1.map(Double.init), pm25: Double(pm25), pm4: pm4.map(Double.init), pm10: Double(pm10))
    }

    /// The verdict of ``PlausibilityRules``; all zero is a sensor warming up.
    public var plausibility: PlausibilityVerdict {
        let values = [pm1, pm25, pm4, pm10].compactMap { $0 }
        if values.allSatisfy({ $0 == 0 }) { return .warmingUp("all-zero reading: the sensor is warming up") }
        if let verdict = PlausibilityRules.checkSentinels(values.map { ("PM", UInt16(clamping: $0)) }) {
            return verdict
        }
        var mass: [(name: String, value: Double)] = [("PM2.5", Double(pm25)), ("PM10", Double(pm10))]
        if let pm1 { mass.append(("PM1.0", Double(pm1))) }
        if let pm4 { mass.append(("PM4.0", Double(pm4))) }
        if let verdict = PlausibilityRules.checkMass(mass) { return verdict }
        let sizes: [(name: String, value: Double)] =
            [("PM1.0", pm1), ("PM2.5", pm25), ("PM4.0", pm4), ("PM10", pm10)].compactMap { name, value in
                value.map { (name, Double($0)) }
            }
        return PlausibilityRules.checkOrder(sizes) ?? .plausible
    }

    /// The read reply a `variant` sensor sends for this reading.
    public func readReplyBytes(variant: HoneywellVariant) -> [UInt8] {
        func word(_ value: Int) -> [UInt8] {
            let word = UInt16(clamping: value)
            return [UInt8(word >> 8), UInt8(word & 0xFF)]
        }
        switch variant {
        case .s0:
            return HoneywellCodec.frame(start: 0x40, command: 0x04, data: word(pm25) + word(pm10))
        case .c0:
            let data = word(pm1 ?? 0) + word(pm25) + word(pm4 ?? 0) + word(pm10) + [0, 0, 0, 0]
            return HoneywellCodec.frame(start: 0x40, command: 0x04, data: data)
        }
    }

    /// The 32-byte auto-send frame a `variant` sensor sends for this reading.
    public func autoSendBytes(variant: HoneywellVariant) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: 32)
        bytes[0] = 0x42
        bytes[1] = 0x4D
        bytes[3] = 0x1C
        func put(_ value: Int, at position: Int) {
            let word = UInt16(clamping: value)
            bytes[position] = UInt8(word >> 8)
            bytes[position + 1] = UInt8(word & 0xFF)
        }
        switch variant {
        case .s0:
            put(pm25, at: 6)
            put(pm10, at: 8)
        case .c0:
            put(pm1 ?? 0, at: 4)
            put(pm25, at: 6)
            put(pm4 ?? 0, at: 8)
            put(pm10, at: 10)
        }
        let sum = ByteReader(bytes).sum16(0..<30)
        put(Int(sum), at: 30)
        return bytes
    }
}
