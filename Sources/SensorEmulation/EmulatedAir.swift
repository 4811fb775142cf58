import AirQuality
import CheckedConversions
public import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Everything an emulated sensor reports, derived from PM2.5 (and PM10 when known) with ratios typical of
/// ambient urban air, so every frame type can be filled consistently.
public struct EmulatedAir: Sendable, Hashable {
    /// PM1.0, µg/m³ (0.7 × PM2.5).
    public let pm1: Double
    /// PM2.5, µg/m³.
    public let pm25: Double
    /// PM4.0, µg/m³ (between PM2.5 and PM10).
    public let pm4: Double
    /// PM10, µg/m³ (1.25 × PM2.5 unless given).
    public let pm10: Double
    /// Plantower "CF=1" PM2.5, µg/m³: equal to the atmospheric value up to 30 µg/m³, then rising 1.5 × as fast,
    /// as real PMS5003s do.
    public let pm25CF1: Double
    /// Particles per 0.1 L above 0.3, 0.5, 1.0, 2.5, 5.0 and 10 µm.
    public let counts: [Int]
    /// Temperature, °C (21 °C ± 3 °C over the day).
    public let temperature: Double
    /// Relative humidity, % (45 % ± 10 %, opposite to the temperature).
    public let relativeHumidity: Double
    /// Formaldehyde, µg/m³.
    public let formaldehyde: Double

    /// The air for a PM2.5 (and optional PM10) at `time`.
    public init(pm25: Double, pm10: Double? = nil, time: Date) {
        self.pm25 = pm25
        pm1 = pm25 * 0.7
        let coarse = max(pm10 ?? pm25 * 1.25, pm25)
        self.pm10 = coarse
        pm4 = pm25 + (coarse - pm25) * 0.4
        pm25CF1 = pm25 <= 30 ? pm25 : 30 + (pm25 - 30) * 1.5
        // Clamped well inside Int so the divisions below and the frame encoder see a sane count.
        let n03 = Int(clampingRounded: min(pm25 * 110 + 150, 1e9))
        let n05 = n03 / 3
        let n10 = n05 / 4
        let n25 = n10 / 6
        let n50 = n25 / 3
        counts = [n03, n05, n10, n25, n50, n50 / 3]
        let phase =
            (time.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 86_400 - 0.375) * 2 * Double.pi
        temperature = 21 + 3 * sin(phase)
        relativeHumidity = 45 - 10 * sin(phase)
        formaldehyde = 15
    }
}
