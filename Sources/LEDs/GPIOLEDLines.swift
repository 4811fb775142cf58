public import GPIO

/// The `gpiod` backend: LEDs on GPIO lines requested once through libgpiod and kept until closed.
public final class GPIOLEDLines: LEDLineOutput {
    /// The kept request.
    public let request: OutputLineRequest

    /// Lines of `request`, in the renderer's order (rgb: red, green, blue; bar: bottom first).
    public init(request: OutputLineRequest) {
        self.request = request
    }

    public var lineCount: Int { request.lines.count }

    public func set(_ values: [Bool]) throws { try request.set(values) }

    public func close() { request.release() }
}
