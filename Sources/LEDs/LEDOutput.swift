/// Where the renderer's output goes: GPIO lines switched on and off (software PWM when dimming), or a
/// display that draws the intensities (the terminal, a recorder).
public enum LEDOutput {
    /// Digital lines, set all at once.
    case lines(any LEDLineOutput)
    /// A display of per-line duty cycles.
    case display(any LEDDisplay)

    /// Lines or LEDs driven.
    public var lineCount: Int {
        switch self {
        case .lines(let lines): lines.lineCount
        case .display(let display): display.lineCount
        }
    }
}

/// Output lines set all at once. Used only by the render thread once handed over.
public protocol LEDLineOutput: AnyObject {
    /// The number of lines.
    var lineCount: Int { get }
    /// Sets every line's logical value (true = LED on) in one write.
    func set(_ values: [Bool]) throws
    /// Releases the lines (after the renderer turned them off). Called once.
    func close()
}

/// A display of LED intensities. Used only by the render thread once handed over.
public protocol LEDDisplay: AnyObject {
    /// The number of LEDs (lines) drawn.
    var lineCount: Int { get }
    /// Shows the duty cycle of every line (0...1, linear light).
    func show(_ duties: [Double]) throws
    /// Ends the display (after the renderer showed everything off). Called once.
    func close()
}
