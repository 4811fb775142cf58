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
}
