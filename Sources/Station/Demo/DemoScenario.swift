public import FoundationEssentials
public import SensorEmulation

#if canImport(Glibc)
    import Glibc
#endif

/// The air the demo's emulated sensor breathes.
public enum DemoScenario: Sendable, Hashable {
    /// The default: a realistic day (a morning and a larger evening peak around `baseline`) with a smoke
    /// episode that starts a minute after the start, rises to about 170 µg/m³ over six minutes and clears
    /// over the next hour, so the AQI and the LEDs move through the levels within minutes.
    case smokyDay
    /// The same value all the time.
    case steady
    /// The day's curve alone.
    case diurnal
    /// The emulator's own smoke event (after 30 s, a 2-minute rise to 250 µg/m³, a 10-minute decay).
    case smoke
    /// A recorded series (`seconds,pm25[,pm10]` lines), repeated.
    case recorded(RecordedSeries)
    /// Two sensors (`demo --sensor-b`): channel A on the day's curve with the air's minute-scale wiggle,
    /// channel B the same air drifting away from it and back (``driftGain(at:)``), so the A/B agreement goes
    /// from `agree` to `disagree` and back.
    case driftB

    /// The names `demo --scenario` takes (besides a file).
    public static let names = ["smoky-day", "steady", "diurnal", "smoke", "drift-b"]

    /// The scenario named `name`, or nil (a file is read by the caller).
    public init?(name: String) {
        switch name {
        case "smoky-day": self = .smokyDay
        case "steady": self = .steady
        case "diurnal": self = .diurnal
        case "smoke": self = .smoke
        case "drift-b": self = .driftB
        default: return nil
        }
    }

    /// What the emulator plays, for an emulator started at `start` around `baseline` µg/m³ PM2.5.
    public func concentration(start: Date, baseline: Double) -> ConcentrationScenario {
        switch self {
        case .steady: return .steady(pm25: baseline)
        case .diurnal: return .diurnal(mean: baseline)
        case .driftB: return Self.driftSeries(start: start, baseline: baseline, channelB: false)
        case .smoke: return .smoke(baseline: baseline, peak: max(250, baseline))
        case .recorded(let series): return .recorded(series)
        case .smokyDay:
            // The points are generated, so they parse; were they ever refused, steady air is the fallback.
            guard let series = try? Self.smokyDaySeries(start: start, baseline: baseline) else {
                return .steady(pm25: baseline)
            }
            return .recorded(series)
        }
    }

    /// A day, minute by minute from `start`: the diurnal curve of the wall-clock hour plus the smoke episode.
    static func smokyDaySeries(start: Date, baseline: Double) throws(ScenarioError) -> RecordedSeries {
        let day = ConcentrationScenario.diurnal(mean: baseline)
        var lines: [String] = []
        for minute in 0...(24 * 60) {
            let seconds = Double(minute * 60)
            let value = day.pm25(at: start.addingTimeInterval(seconds), start: start) + smoke(at: seconds)
            lines.append("\(minute * 60),\((value * 10).rounded() / 10)")
        }
        return try RecordedSeries(text: lines.joined(separator: "\n"))
    }

    /// The smoke's share at `seconds` after the start, µg/m³: nothing for a minute, a six-minute rise to 160,
    /// then an exponential decay (25-minute time constant).
    static func smoke(at seconds: Double) -> Double {
        let onset = 60.0
        let rise = 360.0
        let peak = 160.0
        if seconds < onset { return 0 }
        if seconds < onset + rise { return peak * (seconds - onset) / rise }
        return peak * exp(-(seconds - onset - rise) / 1500)
    }
}
