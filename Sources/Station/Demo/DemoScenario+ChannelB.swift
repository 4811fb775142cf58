public import FoundationEssentials
public import SensorEmulation

#if canImport(Glibc)
    import Glibc
#endif

/// The air channel B's emulator measures (`demo --sensor-b`).
extension DemoScenario {
    /// Hours of one drift cycle of ``driftB``: agreeing, drifting, far off, cleaned.
    public static let driftCycleHours = 6.0

    /// Channel B's scenario: the same air as channel A (a second healthy sensor), except under ``driftB``,
    /// where B reads A's air times ``driftGain(at:)``.
    public func channelB(start: Date, baseline: Double) -> ConcentrationScenario {
        guard case .driftB = self else { return concentration(start: start, baseline: baseline) }
        return Self.driftSeries(start: start, baseline: baseline, channelB: true)
    }

    /// ``driftB``'s air minute by minute over a day from `start`: the diurnal curve around `baseline` with a
    /// ±15 % ten-minute wiggle (real air is never flat, and a flat channel would look stuck), times
    /// ``driftGain(at:)`` for channel B.
    static func driftSeries(start: Date, baseline: Double, channelB: Bool) -> ConcentrationScenario {
        let day = ConcentrationScenario.diurnal(mean: baseline)
        var lines: [String] = []
        for minute in 0..<(24 * 60) {
            let seconds = Double(minute * 60)
            let wiggle = 1 + 0.15 * sin(2 * Double.pi * seconds / 600)
            let gain = channelB ? driftGain(at: seconds) : 1
            let value = day.pm25(at: start.addingTimeInterval(seconds), start: start) * wiggle * gain
            lines.append("\(minute * 60),\((value * 10).rounded() / 10)")
        }
        // The points are generated, so they parse; were they ever refused, the day's curve is the fallback.
        guard let series = try? RecordedSeries(text: lines.joined(separator: "\n")) else { return day }
        return .recorded(series)
    }

    /// Channel B's reading over channel A's, `seconds` after the start, repeating every 6 hours: 1 for the
    /// first hour (agree), rising linearly to 4 by the third (the EPA bounds are crossed near 2.1), 4 until
    /// the fifth, 1 again for the sixth (the sensor cleaned).
    public static func driftGain(at seconds: Double) -> Double {
        let hours = (seconds / 3600).truncatingRemainder(dividingBy: driftCycleHours)
        switch hours {
        case ..<1: return 1
        case ..<3: return 1 + 3 * (hours - 1) / 2
        case ..<5: return 4
        default: return 1
        }
    }
}
