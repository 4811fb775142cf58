public import Measurements
/// An SDS011 data frame (`AA C0 PM25L PM25H PM10L PM10H ID1 ID2 CS AB`): mass concentrations in 0.1 µg/m³
/// steps, little-endian, 0.0-999.9 µg/m³.
public struct SDS011Reading: Sendable, Hashable {
    /// PM2.5 in tenths of µg/m³ as sent.
    public let pm25Tenths: UInt16
    /// PM10 in tenths of µg/m³ as sent.
    public let pm10Tenths: UInt16
    /// The sensor's ID.
    public let deviceID: SDS011DeviceID

    /// A reading.
    public init(pm25Tenths: UInt16, pm10Tenths: UInt16, deviceID: SDS011DeviceID) {
        self.pm25Tenths = pm25Tenths
        self.pm10Tenths = pm10Tenths
        self.deviceID = deviceID
    }

    /// PM2.5 in µg/m³.
    public var pm25: Double { Double(pm25Tenths) / 10 }
    /// PM10 in µg/m³.
    public var pm10: Double { Double(pm10Tenths) / 10 }

    /// The 10 bytes on the wire.
    public var bytes: [UInt8] {
        SDS011Codec.frame(
            type: 0xC0,
            payload: [
                UInt8(pm25Tenths & 0xFF), UInt8(pm25Tenths >> 8), UInt8(pm10Tenths & 0xFF), UInt8(pm10Tenths >> 8),
                deviceID.high, deviceID.low,
            ])
    }

    /// The values for the station (the SDS011 has no PM1).
    public var measurement: ParticulateMeasurement { ParticulateMeasurement(pm25: pm25, pm10: pm10) }

    /// The verdict of ``PlausibilityRules``; an all-zero payload (ID included) is a sensor not ready yet.
    public var plausibility: PlausibilityVerdict {
        if pm25Tenths == 0, pm10Tenths == 0, deviceID == SDS011DeviceID(0, 0) {
            return .warmingUp("all-zero data frame: the sensor is not ready")
        }
        let mass: [(name: String, value: Double)] = [("PM2.5", pm25), ("PM10", pm10)]
        return PlausibilityRules.checkMass(mass) ?? PlausibilityRules.checkOrder(mass) ?? .plausible
    }
}
