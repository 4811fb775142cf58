public import Measurements
/// A PM1006 measurement frame (`16 11 0B DF1 … DF16 CS`).
///
/// Cubic's datasheet defines only PM2.5 = DF3·256 + DF4 (frame bytes 5-6, big-endian) in µg/m³, range
/// 0-1000 µg/m³. Community firmware (Tasmota, Hypfer's) labels DF7-DF8 "PM1.0" and DF11-DF12 "PM10". DF7-DF8
/// does not behave as a concentration (about 970 beside a PM2.5 of 12 in the published captures) and is kept
/// raw only; DF11-DF12 tracks PM2.5 closely in every capture and is what the station reports as PM10 (the
/// pipeline needs one), documented as unverified in docs/sensors.md.
public struct PM1006Reading: Sendable, Hashable {
    /// The 16 data bytes DF1…DF16 as sent.
    public let dataBytes: [UInt8]

    /// A reading from the 16 data bytes (padded with zeros or cut to 16).
    public init(dataBytes: [UInt8]) {
        self.dataBytes = Array((dataBytes + [UInt8](repeating: 0, count: 16)).prefix(16))
    }

    /// A reading of `pm25` µg/m³ (and `pm10`, in DF11-DF12) laid out like the published captures: DF7-DF8 and
    /// DF13 hold the values real sensors send there, the rest is zero.
    public init(pm25: UInt16, pm10: UInt16? = nil, word7: UInt16 = 0x03CB) {
        var data = [UInt8](repeating: 0, count: 16)
        let pm10 = pm10 ?? pm25
        data[2] = UInt8(pm25 >> 8)
        data[3] = UInt8(pm25 & 0xFF)
        data[6] = UInt8(word7 >> 8)
        data[7] = UInt8(word7 & 0xFF)
        data[10] = UInt8(pm10 >> 8)
        data[11] = UInt8(pm10 & 0xFF)
        data[12] = 0x01
        self.init(dataBytes: data)
    }

    /// PM2.5 in µg/m³ as sent (DF3·256 + DF4).
    public var pm25Raw: UInt16 { UInt16(dataBytes[2]) << 8 | UInt16(dataBytes[3]) }
    /// PM2.5 in µg/m³.
    public var pm25: Double { Double(pm25Raw) }
    /// DF7·256 + DF8, labelled "PM1.0" by community decoders; not a verified concentration.
    public var unverifiedWord7: UInt16 { UInt16(dataBytes[6]) << 8 | UInt16(dataBytes[7]) }
    /// DF11·256 + DF12, labelled "PM10" by community decoders; not a verified concentration.
    public var unverifiedWord11: UInt16 { UInt16(dataBytes[10]) << 8 | UInt16(dataBytes[11]) }

    /// The values for the station: PM2.5 from the datasheet, PM10 from DF11-DF12 (see the type's note); no
    /// PM1 and no CF=1 channel, so no EPA correction.
    public var measurement: ParticulateMeasurement {
        ParticulateMeasurement(pm25: pm25, pm10: Double(unverifiedWord11))
    }

    /// The 20 bytes on the wire.
    public var bytes: [UInt8] { PM1006Codec.frame(dataBytes: dataBytes) }

    /// The verdict of ``PlausibilityRules``: all-zero data is a sensor warming up (rule 4), 0xFFFF is a
    /// sentinel (rule 2), and PM2.5 must lie in 0-1000 µg/m³, which is also the PM1006's specified range (rule 1).
    public var plausibility: PlausibilityVerdict {
        if dataBytes.allSatisfy({ $0 == 0 }) { return .warmingUp("all-zero data frame: the sensor is not ready") }
        let mass: [(name: String, value: Double)] = [("PM2.5", pm25), ("PM10", Double(unverifiedWord11))]
        return PlausibilityRules.checkSentinels([("PM2.5", pm25Raw), ("PM10", unverifiedWord11)])
            ?? PlausibilityRules.checkMass(mass) ?? PlausibilityRules.checkOrder(mass) ?? .plausible
    }
}
