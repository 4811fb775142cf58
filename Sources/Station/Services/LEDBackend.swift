public import LEDs

/// Where the station's LEDs are drawn.
public enum LEDBackend: Sendable {
    /// As the `leds` section says: GPIO lines through libgpiod, or the terminal on this writer.
    case configured(TerminalWriter)
    /// A display of the caller's: in tests a recorder (`LEDsTestSupport.RecordingLEDDisplay`), every frame
    /// kept with its time.
    case display(any LEDDisplay & Sendable)

    /// The output for `configuration`.
    /// - Throws: ``GPIO/GPIOError`` with what to fix (chip not found, line busy, permission denied).
    func makeOutput(_ configuration: LEDConfiguration) throws -> sending LEDOutput {
        switch self {
        case .configured(let writer): return try LEDBackendFactory.output(for: configuration, terminal: writer)
        case .display(let display): return .display(display)
        }
    }
}
