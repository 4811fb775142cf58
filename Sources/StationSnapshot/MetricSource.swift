/// A part of the station's state that another area keeps and knows how to count (the store and the service
/// restarts, the MQTT publisher): the snapshot holds the value, and `/metrics` asks it for its families only
/// when `/metrics` is rendered, not on every refresh.
public protocol MetricSource: Sendable {
    /// The families of this value, as `/metrics` writes them.
    var metricFamilies: [MetricFamily] { get }
}

/// Families already made (a snapshot file's, a test's) are their own source.
extension Array: MetricSource where Element == MetricFamily {
    /// The families themselves.
    public var metricFamilies: [MetricFamily] { self }
}
