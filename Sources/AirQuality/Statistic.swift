/// Mean, minimum and maximum of a set of values.
public struct Statistic: Sendable, Hashable {
    /// Arithmetic mean.
    public var mean: Double
    /// Smallest value.
    public var minimum: Double
    /// Largest value.
    public var maximum: Double

    /// A statistic from its parts.
    public init(mean: Double, minimum: Double, maximum: Double) {
        self.mean = mean
        self.minimum = minimum
        self.maximum = maximum
    }

    /// A statistic of one value.
    public init(_ value: Double) {
        self.init(mean: value, minimum: value, maximum: value)
    }
}

/// Accumulates values into a ``Statistic``; non-finite values are ignored.
public struct StatisticAccumulator: Sendable, Hashable {
    private var sum = 0.0
    private var minimum = Double.infinity
    private var maximum = -Double.infinity
    /// Number of values added.
    public private(set) var count = 0

    /// An empty accumulator.
    public init() {}

    /// Adds `value` when it is finite (nil is skipped).
    public mutating func add(_ value: Double?) {
        guard let value, value.isFinite else { return }
        sum += value
        minimum = Swift.min(minimum, value)
        maximum = Swift.max(maximum, value)
        count += 1
    }

    /// The statistic of the values added, or nil when there were none.
    public var statistic: Statistic? {
        count > 0 ? Statistic(mean: sum / Double(count), minimum: minimum, maximum: maximum) : nil
    }
}
