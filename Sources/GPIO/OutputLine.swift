/// One output line to request: which line, and its polarity.
public struct OutputLine: Sendable, Hashable {
    /// The line, by offset or name.
    public let selector: LineSelector
    /// Whether logical "on" drives the line low (a common-anode LED, or an LED wired to 3.3 V).
    public let activeLow: Bool

    /// An output line.
    public init(_ selector: LineSelector, activeLow: Bool = false) {
        self.selector = selector
        self.activeLow = activeLow
    }
}

/// A requested line, resolved: its offset, its name and its polarity.
public struct ResolvedLine: Sendable, Hashable {
    /// The offset on the chip.
    public let offset: UInt32
    /// The line's name, nil when it has none.
    public let name: String?
    /// Whether the line is active-low.
    public let activeLow: Bool

    /// `GPIO17 (offset 17)` or `offset 17`.
    public var displayName: String {
        if let name { "\(name) (offset \(offset))" } else { "offset \(offset)" }
    }
}
