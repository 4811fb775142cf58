/// What each line of the LEDs does over time: a list of steps, played once or repeated.
///
/// Levels are perceived brightness from 0 (off) to 1 (full) per line, before the configured brightness and
/// the gamma of PWM are applied (``LEDPolicy`` does that).
public struct LEDPattern: Sendable, Hashable {
    /// One step: the line levels for a while, held or fading linearly into the next step's levels.
    public struct Step: Sendable, Hashable {
        /// How long the step lasts.
        public var duration: Duration
        /// The level of each line, 0...1.
        public var levels: [Double]
        /// Whether the levels move linearly to the next step's over the step (breathing), instead of holding.
        public var fades: Bool

        /// A step.
        public init(_ duration: Duration, _ levels: [Double], fades: Bool = false) {
            self.duration = duration
            self.levels = levels
            self.fades = fades
        }
    }

    /// How long the levels of a sample stay as they are.
    public enum Hold: Sendable, Hashable {
        /// They change continuously (a fade): sample again at the next PWM period or display frame.
        case continuous
        /// They stay for this long.
        case duration(Duration)
        /// They never change.
        case forever
    }

    /// The steps, in order.
    public var steps: [Step]
    /// Whether the steps repeat; a one-shot pattern holds its last step's levels when done.
    public var repeats: Bool

    /// A pattern of `steps`.
    public init(_ steps: [Step], repeats: Bool = true) {
        self.steps = steps
        self.repeats = repeats
    }

    /// The same levels forever.
    public static func steady(_ levels: [Double]) -> LEDPattern {
        LEDPattern([Step(.seconds(1), levels)])
    }

    /// Every line off, forever.
    public static func off(lines: Int) -> LEDPattern { .steady(Array(repeating: 0, count: lines)) }

    /// The length of one pass through the steps.
    public var cycle: Duration { steps.reduce(.zero) { $0 + $1.duration } }

    /// Whether every step has the same levels and none fades.
    public var isSteady: Bool {
        guard let first = steps.first else { return true }
        return steps.allSatisfy { $0.levels == first.levels && !$0.fades }
    }

    /// The line levels `elapsed` after the pattern started, and how long they hold.
    public func sample(at elapsed: Duration) -> (levels: [Double], hold: Hold) {
        guard let first = steps.first else { return ([], .forever) }
        if isSteady { return (first.levels, .forever) }
        let cycleNanoseconds = Self.nanoseconds(cycle)
        var position = max(Self.nanoseconds(elapsed), 0)
        if position >= cycleNanoseconds {
            guard repeats else { return (steps[steps.count - 1].levels, .forever) }
            position %= cycleNanoseconds
        }
        var start: Int64 = 0
        for (index, step) in steps.enumerated() {
            let length = Self.nanoseconds(step.duration)
            if position < start + length {
                let into = position - start
                if step.fades {
                    let next = steps[(index + 1) % steps.count].levels
                    let fraction = Double(into) / Double(max(length, 1))
                    let levels = zip(step.levels, next).map { $0 + ($1 - $0) * fraction }
                    return (levels, .continuous)
                }
                return (step.levels, .duration(.nanoseconds(length - into)))
            }
            start += length
        }
        return (steps[steps.count - 1].levels, .forever)
    }

    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds &* 1_000_000_000 &+ attoseconds / 1_000_000_000
    }
}
