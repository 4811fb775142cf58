/// How the LEDs are built.
public enum LEDKind: String, Sendable, CaseIterable, Hashable {
    /// One RGB LED on three lines (red, green, blue): the level's colour.
    case rgb
    /// One LED per level, up to seven, lit from the bottom like a bar gauge.
    case bar
    /// One LED: the level as a blink rate.
    case single

    /// The number of lines of the kind; a bar has 1 to 7.
    public func lineCount(barLines: Int) -> Int {
        switch self {
        case .rgb: 3
        case .bar: barLines
        case .single: 1
        }
    }
}
