public import AirQuality

/// The steps of `breeze-station leds test`: every level's colour and every pattern, in order.
public enum LEDTestSequence {
    /// One step: its name, printed on stdout, and the state shown.
    public struct Step: Sendable, Hashable {
        /// What the step shows, e.g. `Moderate (AQI 51-100), local value`.
        public let name: String
        /// The state shown.
        public let state: IndicatorState
    }

    /// The self-test sweep; the seven levels as local values; then warming up, the regional fallback, no
    /// data and fault.
    public static let steps: [Step] = {
        var steps = [Step(name: "self-test sweep", state: .selfTest)]
        for level in AQILevel.allCases {
            steps.append(Step(name: "\(level.text) (AQI \(rangeText(level))), local value", state: .local(level)))
        }
        steps.append(Step(name: "warming up", state: .warmingUp))
        steps.append(Step(name: "Moderate (AQI 51-100), regional fallback (Open-Meteo)", state: .regional(.moderate)))
        steps.append(Step(name: "no data", state: .noData))
        steps.append(Step(name: "fault", state: .fault))
        return steps
    }()

    /// `0-25`, `301+`.
    public static func rangeText(_ level: AQILevel) -> String {
        let range = level.indexRange
        return range.upperBound == Int.max ? "\(range.lowerBound)+" : "\(range.lowerBound)-\(range.upperBound)"
    }
}
