/// The BME280 compensation formulas, transcribed from the datasheet's integer versions (§4.2.3): 32-bit
/// temperature and humidity, 64-bit pressure. Arithmetic wraps like the C original instead of trapping, so a
/// corrupted calibration gives a wrong (then implausible) number, never a crash; the one division is guarded.
public enum BME280Compensation {
    /// Temperature in 0.01 °C and the `t_fine` the other two formulas need.
    public static func temperature(adc: Int32, _ c: BME280Calibration) -> (centiCelsius: Int32, tFine: Int32) {
        let t1 = Int32(c.t1), t2 = Int32(c.t2), t3 = Int32(c.t3)
        let var1 = (((adc >> 3) &- (t1 << 1)) &* t2) >> 11
        let delta = (adc >> 4) &- t1
        let var2 = (((delta &* delta) >> 12) &* t3) >> 14
        let tFine = var1 &+ var2
        return ((tFine &* 5 &+ 128) >> 8, tFine)
    }

    /// Pressure in Pa as Q24.8 (divide by 256), or nil where the datasheet returns 0 to avoid dividing by zero.
    public static func pressureQ24_8(adc: Int32, tFine: Int32, _ c: BME280Calibration) -> UInt32? {
        var var1 = Int64(tFine) - 128000
        var var2 = var1 &* var1 &* Int64(c.p6)
        var2 = var2 &+ ((var1 &* Int64(c.p5)) << 17)
        var2 = var2 &+ (Int64(c.p4) << 35)
        var1 = ((var1 &* var1 &* Int64(c.p3)) >> 8) &+ ((var1 &* Int64(c.p2)) << 12)
        var1 = (((Int64(1) << 47) &+ var1) &* Int64(c.p1)) >> 33
        guard var1 != 0 else { return nil }
        var p = 1_048_576 - Int64(adc)
        let (quotient, overflow) = (((p << 31) &- var2) &* 3125).dividedReportingOverflow(by: var1)
        guard !overflow else { return nil }
        p = quotient
        var1 = (Int64(c.p9) &* (p >> 13) &* (p >> 13)) >> 25
        var2 = (Int64(c.p8) &* p) >> 19
        p = ((p &+ var1 &+ var2) >> 8) &+ (Int64(c.p7) << 4)
        return UInt32(truncatingIfNeeded: p)
    }

    /// Relative humidity in % as Q22.10 (divide by 1024), clamped by the formula to 0-100 %.
    public static func humidityQ22_10(adc: Int32, tFine: Int32, _ c: BME280Calibration) -> UInt32 {
        let h1 = Int32(c.h1), h2 = Int32(c.h2), h3 = Int32(c.h3)
        let h4 = Int32(c.h4), h5 = Int32(c.h5), h6 = Int32(c.h6)
        var x = tFine &- 76800
        let left = ((adc << 14) &- (h4 << 20) &- (h5 &* x) &+ 16384) >> 15
        let inner = (((x &* h6) >> 10) &* (((x &* h3) >> 11) &+ 32768)) >> 10
        let right = ((inner &+ 2_097_152) &* h2 &+ 8192) >> 14
        x = left &* right
        x = x &- (((((x >> 15) &* (x >> 15)) >> 7) &* h1) >> 4)
        x = min(max(x, 0), 419_430_400)
        return UInt32(x >> 12)
    }
}
