import Testing

@testable import Sensors

@Suite("Plausibility rules")
struct PlausibilityTests {
    static func frame(pm25: Int = 10, pm10: Int = 12, counts: [Int] = [300, 100, 20, 5, 1, 0], error: UInt8 = 0)
        -> PlantowerFrame
    {
        PlantowerFrame.make(
            variant: .standard, pm1CF1: 5, pm25CF1: pm25, pm10CF1: pm10, pm1: 5, pm25: pm25, pm10: pm10, counts: counts,
            error: error)
    }

    @Test func aNormalFrameIsPlausible() {
        #expect(Self.frame().plausibility == .plausible)
    }

    @Test func theAllZeroFrameIsWarmingUp() {
        let zero = PlantowerFrame(allZero: .standard)
        #expect(zero.sentChecksum == 0x00AB && zero.checksumOK)
        guard case .warmingUp = zero.plausibility else {
            Issue.record("expected warming up, got \(zero.plausibility)")
            return
        }
    }

    @Test func massOutsideTheRangeIsImplausible() {
        #expect(Self.frame(pm25: 1001, pm10: 1200).plausibility.reason?.contains("outside 0-1000") == true)
    }

    @Test func theSentinelIsImplausible() {
        #expect(Self.frame(pm25: 0xFFFF).plausibility.reason?.contains("0xFFFF") == true)
    }

    @Test func pm10WithoutSmallParticlesIsImplausible() {
        #expect(Self.frame(counts: [0, 0, 0, 0, 0, 0]).plausibility.reason?.contains("0.3 µm") == true)
    }

    @Test func aSensorErrorCodeIsImplausible() {
        #expect(Self.frame(error: 0x02).plausibility.reason?.contains("error code 0x02") == true)
    }

    @Test func sds011ZeroFrameIsNotReadyButZeroAirIsFine() {
        let zero = SDS011Reading(pm25Tenths: 0, pm10Tenths: 0, deviceID: SDS011DeviceID(0, 0))
        #expect(!zero.plausibility.isPlausible)
        let clean = SDS011Reading(pm25Tenths: 0, pm10Tenths: 0, deviceID: SDS011DeviceID(0x58, 0xD9))
        #expect(clean.plausibility == .plausible)
    }

    @Test func sps30NegativeZeroIsAcceptedAndNaNIsNot() {
        var values = [1.0, 2, 3, 4, -0.0, 5, 6, 7, 8, 0.6]
        #expect(SPS30Measurement(values: values).plausibility == .plausible)
        values[1] = .nan
        #expect(!SPS30Measurement(values: values).plausibility.isPlausible)
        #expect(!SPS30Measurement(values: [Double](repeating: 0, count: 10)).plausibility.isPlausible)
    }

    @Test func sps30ZeroReplyFromARealSensorIsNotMeasuring() throws {
        let reply: [UInt8] = (0..<60).map { index in index % 3 == 2 ? 0x81 : 0 }
        let measurement = try SPS30Measurement.decode(reply, format: .float)
        guard case .warmingUp = measurement.plausibility else {
            Issue.record("expected not measuring")
            return
        }
    }

    /// A Plantower frame with its CF=1 triple equal to the atmospheric one unless given.
    static func plantower(pm1: Int, pm25: Int, pm10: Int, cf1: (Int, Int, Int)? = nil) -> PlantowerFrame {
        let standard = cf1 ?? (pm1, pm25, pm10)
        return PlantowerFrame.make(
            variant: .standard, pm1CF1: standard.0, pm25CF1: standard.1, pm10CF1: standard.2, pm1: pm1, pm25: pm25,
            pm10: pm10, counts: [3000, 1000, 200, 50, 10, 1])
    }

    @Test("PM2.5 200 with PM10 10 is implausible: PM10 includes PM2.5")
    func pm25AbovePM10() {
        let reason = Self.plantower(pm1: 5, pm25: 200, pm10: 10).plausibility.reason
        #expect(reason?.contains("PM2.5 200 µg/m³ exceeds PM10 10 µg/m³") == true, "\(reason ?? "plausible")")
        #expect(SDS011Reading(pm25Tenths: 2000, pm10Tenths: 100, deviceID: SDS011DeviceID(1, 2)).plausibility.reason?
            .contains("exceeds PM10") == true)
        #expect(HoneywellReading(source: .readReply, pm25: 200, pm10: 10).plausibility.reason?.contains("exceeds PM10") == true)
    }

    @Test("PM1 900 with PM2.5 5 is implausible")
    func pm1AbovePM25() {
        let reason = Self.plantower(pm1: 900, pm25: 5, pm10: 950).plausibility.reason
        #expect(reason?.contains("PM1.0 900 µg/m³ exceeds PM2.5 5 µg/m³") == true, "\(reason ?? "plausible")")
        var values = [Double](repeating: 1, count: 10)
        values[0] = 900; values[1] = 5; values[2] = 950; values[3] = 960
        #expect(SPS30Measurement(values: values).plausibility.reason?.contains("exceeds PM2.5") == true)
    }

    @Test("CF=1 900 with atmospheric 3 is implausible; atmospheric above CF=1 too")
    func cf1AgainstAtmospheric() {
        let low = Self.plantower(pm1: 2, pm25: 3, pm10: 4, cf1: (2, 900, 950)).plausibility.reason
        #expect(low?.contains("PM2.5 atmospheric 3 µg/m³ is below half its CF=1 value 900") == true, "\(low ?? "plausible")")
        let high = Self.plantower(pm1: 2, pm25: 300, pm10: 310, cf1: (2, 30, 40)).plausibility.reason
        #expect(high?.contains("exceeds its CF=1 value") == true, "\(high ?? "plausible")")
    }

    @Test("within the tolerance: rounding, accuracy and the firmware's 2/3 ratio pass")
    func withinTolerance() {
        // Integer words from one measurement: PM2.5 a little above PM10 is rounding and accuracy.
        #expect(Self.plantower(pm1: 11, pm25: 12, pm10: 10).plausibility == .plausible)
        #expect(Self.plantower(pm1: 200, pm25: 230, pm10: 215).plausibility == .plausible)
        // High loads: atmospheric about 2/3 of CF=1 (a real capture has 84 → 62).
        #expect(Self.plantower(pm1: 400, pm25: 600, pm10: 650, cf1: (600, 900, 975)).plausibility == .plausible)
        #expect(Self.plantower(pm1: 40, pm25: 62, pm10: 70, cf1: (55, 84, 95)).plausibility == .plausible)
        #expect(SDS011Reading(pm25Tenths: 120, pm10Tenths: 100, deviceID: SDS011DeviceID(1, 2)).plausibility == .plausible)
    }
}
