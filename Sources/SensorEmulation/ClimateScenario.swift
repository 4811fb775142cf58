public import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// The temperature, humidity and pressure an emulated climate sensor measures.
public enum ClimateScenario: Sendable, Hashable {
    /// The same values all the time: °C, % RH, Pa.
    case steady(temperature: Double, relativeHumidity: Double, pressure: Double)
    /// A day indoors: 21 ± 2 °C peaking at 15:00 UTC, humidity moving the other way (45 ± 10 %), 101 325 Pa.
    case daily

    /// Room conditions: 22.5 °C, 45 % RH, 101 325 Pa.
    public static let room = ClimateScenario.steady(temperature: 22.5, relativeHumidity: 45, pressure: 101_325)

    /// The conditions at `time`: (°C, % RH clamped to 0-100, Pa).
    public func conditions(at time: Date) -> (temperature: Double, relativeHumidity: Double, pressure: Double) {
        switch self {
        case .steady(let temperature, let humidity, let pressure):
            return (temperature, min(100, max(0, humidity)), pressure)
        case .daily:
            let hour = time.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
            let phase: Double = cos((hour - 15) / 24 * 2 * Double.pi)
            return (21 + 2 * phase, 45 - 10 * phase, 101_325)
        }
    }

    /// Parses `room`, `daily` or `steady:T,RH,P` (the `emulate --scenario` option for climate sensors).
    public init(parsing text: String) throws(ScenarioError) {
        switch text {
        case "room": self = .room
        case "daily": self = .daily
        default:
            let parts = text.hasPrefix("steady:") ? text.dropFirst(7).split(separator: ",").map { Double($0) } : []
            guard parts.count == 3, let t = parts[0], let rh = parts[1], let p = parts[2], t.isFinite, rh.isFinite,
                p.isFinite
            else {
                throw ScenarioError(
                    "climate scenario '\(text)': expected room, daily or steady:TEMPERATURE_C,HUMIDITY_PCT,PRESSURE_PA")
            }
            self = .steady(temperature: t, relativeHumidity: rh, pressure: p)
        }
    }
}
