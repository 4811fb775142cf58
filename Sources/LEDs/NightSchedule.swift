/// Hours when the LEDs go dark or dim (a bedroom, a classroom at night).
public struct NightSchedule: Sendable, Hashable {
    /// What the LEDs do at night.
    public enum Mode: String, Sendable, CaseIterable, Hashable {
        /// Every line off, whatever the state.
        case off
        /// Patterns as by day, at the night brightness (needs PWM).
        case dim
    }

    /// When night begins, local time.
    public let start: TimeOfDay
    /// When night ends, local time; before `start` for a night across midnight (22:00-07:00).
    public let end: TimeOfDay
    /// Off or dim.
    public let mode: Mode
    /// The brightness at night in `dim` mode, 0...1 (perceived, like ``LEDPolicy/brightness``).
    public let brightness: Double

    /// A schedule; `start` and `end` must differ.
    public init(start: TimeOfDay, end: TimeOfDay, mode: Mode, brightness: Double = 0.2) {
        self.start = start
        self.end = end
        self.mode = mode
        self.brightness = brightness
    }

    /// Whether it is night at `secondOfDay` (local seconds since midnight, 0..<86400): from `start`
    /// (inclusive) to `end` (exclusive).
    public func isNight(secondOfDay: Int) -> Bool {
        let (start, end) = (self.start.minutes * 60, self.end.minutes * 60)
        return start < end
            ? (start..<end).contains(secondOfDay)
            : secondOfDay >= start || secondOfDay < end
    }

    /// Seconds from `secondOfDay` to the next start or end of night (1...86400).
    public func secondsUntilChange(secondOfDay: Int) -> Int {
        [start.minutes * 60, end.minutes * 60].map { boundary in
            let distance = (boundary - secondOfDay + 86_400) % 86_400
            return distance == 0 ? 86_400 : distance
        }.min() ?? 86_400
    }
}
