/// What the kernel reports about a GPIO chip.
public struct ChipInfo: Sendable, Hashable, CustomStringConvertible {
    /// The character device the chip was opened at, e.g. `/dev/gpiochip0`.
    public let path: String
    /// The kernel name, e.g. `gpiochip0`.
    public let name: String
    /// The label, e.g. `pinctrl-bcm2711`.
    public let label: String
    /// The number of lines; offsets run from 0 to `lineCount - 1`.
    public let lineCount: Int

    /// A chip description.
    public init(path: String, name: String, label: String, lineCount: Int) {
        self.path = path
        self.name = name
        self.label = label
        self.lineCount = lineCount
    }

    /// `gpiochip0 [pinctrl-bcm2711] (58 lines)`, as `gpiodetect` prints it.
    public var description: String { "\(name) [\(label)] (\(lineCount) lines)" }

    /// `gpiochip0 [pinctrl-bcm2711]`, for messages about one of its lines.
    public var shortDescription: String { "\(name) [\(label)]" }
}
