/// Durations in the words of the pattern table.
enum LEDDurations {
    /// `0.25 s`, `2 s`, `0.0625 s`: seconds, rounded to 0.1 ms, with as many decimals as needed.
    static func text(_ duration: Duration) -> String {
        let tenthsOfMilliseconds = (Double(LEDPattern.nanoseconds(duration)) / 100_000).rounded()
        let seconds = tenthsOfMilliseconds / 10_000
        return Int(exactly: seconds).map { "\($0) s" } ?? "\(seconds) s"
    }
}
