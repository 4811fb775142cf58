public import GPIO

/// Builds the output a configuration asks for: the gpiod lines (chip resolved, lines requested once and
/// kept) or the terminal display.
public enum LEDBackendFactory {
    /// The output of `configuration`. For `gpiod`, opens the chip through `chips`, requests the lines as
    /// outputs (initially off) for consumer `breeze-station`, and closes the chip (the request lives on).
    ///
    /// - Throws: ``GPIOError`` with what to fix (no such chip, line busy, permission denied, ...).
    public static func output(
        for configuration: LEDConfiguration, chips: GPIOChips = GPIOChips(), terminal: TerminalWriter = TerminalWriter()
    ) throws(GPIOError) -> sending LEDOutput {
        switch configuration.backend {
        case .terminal:
            return .display(TerminalLEDDisplay(policy: configuration.policy, writer: terminal))
        case .gpiod:
            guard let selector = configuration.chip else {
                throw GPIOError(.noSuchChip, "leds.chip is not set; run 'breeze-station leds chips' to see the chips")
            }
            let chip = try chips.open(selector)
            defer { chip.close() }
            let lines = configuration.lines.map { OutputLine($0, activeLow: configuration.activeLow) }
            return .lines(GPIOLEDLines(request: try chip.requestOutputs(lines)))
        }
    }
}
