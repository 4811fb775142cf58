public import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// How the emulated air changes over time: the PM2.5 an emulated sensor measures, in µg/m³.
public enum ConcentrationScenario: Sendable, Hashable {
    /// The same value all the time.
    case steady(pm25: Double)
    /// A day's curve around `mean`: a morning peak near 08:00 UTC, a larger evening one near 20:00 UTC and a
    /// quieter night (0.7 × mean at the lowest).
    case diurnal(mean: Double)
    /// A smoke event: `baseline` for 30 s after the start, a linear rise over 2 minutes to `peak`, then an
    /// exponential decay back towards the baseline (time constant 10 minutes).
    case smoke(baseline: Double, peak: Double)
    /// A recorded series, interpolated and repeated.
    case recorded(RecordedSeries)

    /// PM2.5 at `time` for an emulator started at `start`, µg/m³ (never negative).
    public func pm25(at time: Date, start: Date) -> Double {
        let elapsed = max(0, time.timeIntervalSince(start))
        switch self {
        case .steady(let value):
            return max(0, value)
        case .diurnal(let mean):
            let hour = time.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) / 3600
            let morningOffset = (hour - 8) / 2
            let eveningOffset = (hour - 20) / 3
            let morning: Double = exp(-(morningOffset * morningOffset))
            let evening: Double = exp(-(eveningOffset * eveningOffset))
            return max(0, mean * (0.7 + 0.6 * morning + 0.8 * evening))
        case .smoke(let baseline, let peak):
            let onset = 30.0
            let rise = 120.0
            if elapsed < onset { return max(0, baseline) }
            if elapsed < onset + rise { return max(0, baseline + (peak - baseline) * (elapsed - onset) / rise) }
            let decay: Double = exp(-(elapsed - onset - rise) / 600)
            return max(0, baseline + (peak - baseline) * decay)
        case .recorded(let series):
            return max(0, series.value(at: elapsed).pm25)
        }
    }

    /// PM10 at `time` when the scenario gives it (a recorded series with a PM10 column); nil otherwise.
    public func pm10(at time: Date, start: Date) -> Double? {
        guard case .recorded(let series) = self else { return nil }
        return series.value(at: max(0, time.timeIntervalSince(start))).pm10
    }

    /// The air an emulated sensor measures at `time`.
    public func air(at time: Date, start: Date) -> EmulatedAir {
        EmulatedAir(pm25: pm25(at: time, start: start), pm10: pm10(at: time, start: start), time: time)
    }
}

/// A recorded concentration series: points of (seconds from the start, PM2.5, optional PM10), linearly
/// interpolated and repeated after the last point.
public struct RecordedSeries: Sendable, Hashable {
    /// The points, in time order.
    public let points: [(seconds: Double, pm25: Double, pm10: Double?)]

    public static func == (lhs: RecordedSeries, rhs: RecordedSeries) -> Bool {
        lhs.points.count == rhs.points.count
            && zip(lhs.points, rhs.points).allSatisfy {
                $0.seconds == $1.seconds && $0.pm25 == $1.pm25 && $0.pm10 == $1.pm10
            }
    }

    public func hash(into hasher: inout Hasher) {
        for point in points {
            hasher.combine(point.seconds)
            hasher.combine(point.pm25)
        }
    }

    /// Parses a series: one point per line, `seconds,pm25[,pm10]` (commas, semicolons or whitespace between
    /// fields); blank lines, `#` comments and a non-numeric header line are skipped. Times must increase.
    /// - Throws: ``ScenarioError`` naming the line that is wrong.
    public init(text: String) throws(ScenarioError) {
        var points: [(seconds: Double, pm25: Double, pm10: Double?)] = []
        var headerSkipped = false
        for (index, rawLine) in text.split(whereSeparator: \.isNewline).enumerated() {
            let line = rawLine.trimmed
            if line.isEmpty || line.hasPrefix("#") { continue }
            let fields: [String] = line.split { $0 == "," || $0 == ";" || $0 == " " || $0 == "\t" }.map(String.init)
            let numbers: [Double?] = fields.map { Double($0) }
            if points.isEmpty, !headerSkipped, numbers.contains(where: { $0 == nil }) {
                headerSkipped = true
                continue
            }
            guard numbers.count >= 2, let seconds = numbers[0], let pm25 = numbers[1], seconds.isFinite, pm25.isFinite,
                pm25 >= 0
            else {
                throw ScenarioError("line \(index + 1): expected 'seconds,pm25[,pm10]', found '\(line)'")
            }
            let pm10 = numbers.count >= 3 ? numbers[2] : nil
            if let last = points.last, seconds <= last.seconds {
                throw ScenarioError("line \(index + 1): time \(seconds) s does not increase")
            }
            points.append((seconds, pm25, pm10))
        }
        guard !points.isEmpty else { throw ScenarioError("the series has no points") }
        self.points = points
    }

    /// The value `elapsed` seconds from the start (the series repeats).
    public func value(at elapsed: Double) -> (pm25: Double, pm10: Double?) {
        guard let first = points.first, let last = points.last else { return (0, nil) }
        guard points.count > 1 else { return (first.pm25, first.pm10) }
        let step = last.seconds - points[points.count - 2].seconds
        let period = last.seconds - first.seconds + step
        let time = first.seconds + (elapsed - first.seconds).truncatingRemainder(dividingBy: period)
        let wrapped = time < first.seconds ? time + period : time
        guard let upper = points.firstIndex(where: { $0.seconds > wrapped }) else { return (last.pm25, last.pm10) }
        guard upper > 0 else { return (first.pm25, first.pm10) }
        let a = points[upper - 1]
        let b = points[upper]
        let fraction = (wrapped - a.seconds) / (b.seconds - a.seconds)
        let pm10: Double? = a.pm10.flatMap { low in b.pm10.map { low + (($0 - low) * fraction) } }
        return (a.pm25 + (b.pm25 - a.pm25) * fraction, pm10)
    }
}

/// A scenario that cannot be used.
public struct ScenarioError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public let description: String
    /// An error.
    public init(_ description: String) { self.description = description }
}
