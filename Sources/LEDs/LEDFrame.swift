/// What the lines do now: a duty cycle per line, and how long it holds.
public struct LEDFrame: Sendable, Hashable {
    /// The share of time each line is on, 0...1, in linear light (gamma and brightness applied). Without PWM
    /// every value is 0 or 1.
    public var duties: [Double]
    /// How long these duties stay.
    public var hold: LEDPattern.Hold

    /// A frame.
    public init(duties: [Double], hold: LEDPattern.Hold) {
        self.duties = duties
        self.hold = hold
    }

    /// Whether every line is fully on or off (no PWM needed).
    public var isDigital: Bool { duties.allSatisfy { $0 == 0 || $0 == 1 } }
}
