/// What the kernel reports about one line of a chip.
public struct LineInfo: Sendable, Hashable {
    /// The offset on the chip.
    public let offset: UInt32
    /// The line's name (e.g. `GPIO17`), nil when the device tree gives none.
    public let name: String?
    /// Who holds the line (e.g. `spi0 CS0`, `breeze-station`), nil when unused or unnamed.
    public let consumer: String?
    /// Whether some consumer holds the line (a process or a kernel driver).
    public let isUsed: Bool
    /// Whether the line is an output.
    public let isOutput: Bool
    /// Whether the line is active-low.
    public let isActiveLow: Bool

    /// A line description.
    public init(
        offset: UInt32, name: String?, consumer: String?, isUsed: Bool, isOutput: Bool = false,
        isActiveLow: Bool = false
    ) {
        self.offset = offset
        self.name = name
        self.consumer = consumer
        self.isUsed = isUsed
        self.isOutput = isOutput
        self.isActiveLow = isActiveLow
    }

    /// `GPIO17 (offset 17)` or `offset 17` for unnamed lines.
    public var displayName: String {
        if let name { "\(name) (offset \(offset))" } else { "offset \(offset)" }
    }
}
