import CheckedConversions
import CheckedConversions
import Testing

/// The shared checked Double → integer conversions (issue 20 §1): nil or clamped, never a trap.
@Suite("Checked rounding")
struct CheckedRoundingTests {
    @Test("rounding: nil for NaN, infinities and values out of range")
    func rounding() {
        #expect(Int(rounding: 1e19) == nil)
        #expect(Int(rounding: .nan) == nil)
        #expect(Int(rounding: .infinity) == nil)
        #expect(Int(rounding: 41.5) == 42)
        #expect(Int(rounding: -41.5) == -42)
        #expect(Int(rounding: 41.9, .down) == 41)
        #expect(Int(rounding: 9.223372036854775807e18) == nil)
        #expect(Int64(rounding: -9.223372036854775808e18) == Int64.min)
    }

    @Test("clamping: the nearest end of the range, NaN as given")
    func clamping() {
        #expect(Int(clampingRounded: 1e19) == Int.max)
        #expect(Int(clampingRounded: 9.223372036854775807e18) == Int.max)
        #expect(Int(clampingRounded: -1e308) == Int.min)
        #expect(Int(clampingRounded: .nan) == 0)
        #expect(Int(clampingRounded: .nan, nan: -1) == -1)
        #expect(UInt8(clampingRounded: 300) == 255)
        #expect(UInt8(clampingRounded: -3) == 0)
        #expect(Int32(clampingRounded: 2.5) == 3)
    }

    @Test("times: rounded down and kept within ±10^13 so arithmetic on them cannot overflow")
    func times() {
        #expect(Int64(flooringTime: 1e300) == 10_000_000_000_000)
        #expect(Int64(flooringTime: -.infinity) == -10_000_000_000_000)
        #expect(Int64(flooringTime: -0.5) == -1)
        #expect(Int(flooringTime: 1_796_047_200.9) == 1_796_047_200)
    }
}
