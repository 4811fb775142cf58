import AirQuality
import CheckedConversions
/// One period of software PWM: at which offsets into the period which line values are written.
///
/// Every line with a duty above 0 goes on at the period's start, and off after its on-time. Lines whose
/// off-times fall within ``mergeWindow`` of each other go off in one write, so three lines cost at most four
/// bulk writes per period. Pure, so the duty it realises is tested without a clock.
public struct PWMSchedule: Sendable, Hashable {
    /// One bulk write: at `offset` nanoseconds into the period, the lines take `values`.
    public struct Edge: Sendable, Hashable {
        /// Nanoseconds after the period's start.
        public let offset: Int64
        /// The logical value of every line from then on.
        public let values: [Bool]
    }

    /// Off-times closer than this share a write: 20 µs, 0.4 % of a 200 Hz period.
    public static let mergeWindow: Int64 = 20_000

    /// The period, in nanoseconds (5 000 000 at 200 Hz).
    public let period: Int64
    /// The writes of one period, the first at offset 0.
    public let edges: [Edge]

    /// The schedule of `duties` (0...1 per line) over a period of `period` nanoseconds. A duty whose on-time
    /// is within the merge window of the full period counts as fully on.
    public init(duties: [Double], period: Int64) {
        self.period = period
        let onTimes = duties.map { duty -> Int64 in
            let onTime = Int64(clampingRounded: min(max(duty, 0), 1) * Double(period))
            return onTime >= period - Self.mergeWindow / 2 ? period : onTime
        }
        var values = onTimes.map { $0 > 0 }
        var edges = [Edge(offset: 0, values: values)]
        let partial = onTimes.indices.filter { onTimes[$0] > 0 && onTimes[$0] < period }.sorted {
            onTimes[$0] < onTimes[$1]
        }
        var index = 0
        while index < partial.count {
            var group = [partial[index]]
            while index + group.count < partial.count,
                onTimes[partial[index + group.count]] - onTimes[partial[index]] <= Self.mergeWindow
            {
                group.append(partial[index + group.count])
            }
            let offset = group.map { onTimes[$0] }.reduce(0, +) / Int64(group.count)
            for line in group { values[line] = false }
            edges.append(Edge(offset: offset, values: values))
            index += group.count
        }
        self.edges = edges
    }

    /// Whether one write holds for the whole period (every line fully on or off).
    public var isStatic: Bool { edges.count == 1 }

    /// The nanoseconds each line is on in one period, as the edges realise it.
    public var onTimes: [Int64] {
        guard let first = edges.first else { return [] }
        return first.values.indices.map { line in
            guard first.values[line] else { return 0 }
            return edges.first { !$0.values[line] }?.offset ?? period
        }
    }
}
