/// A Prometheus metric family: one name, its help and type, and its samples.
///
/// Any area adds its own families to ``StationSnapshot/metrics``; the renderer writes them in the text
/// format. Names must carry the `breeze_` prefix and base units (seconds, bytes, grams per cubic meter);
/// counters end in `_total`.
public struct MetricFamily: Sendable, Hashable {
    /// The metric type.
    public enum Kind: String, Sendable, Hashable {
        /// Monotonic; the name ends in `_total`.
        case counter
        /// Goes up and down.
        case gauge
    }

    /// The name, e.g. `breeze_sensor_frames_total`.
    public var name: String
    /// One line of help.
    public var help: String
    /// Counter or gauge.
    public var kind: Kind
    /// The samples (at least one, or the family is not written).
    public var samples: [MetricSample]

    /// A family.
    public init(name: String, help: String, kind: Kind, samples: [MetricSample]) {
        self.name = name
        self.help = help
        self.kind = kind
        self.samples = samples
    }

    /// A family with one unlabelled sample.
    public init(name: String, help: String, kind: Kind, value: Double) {
        self.init(name: name, help: help, kind: kind, samples: [MetricSample(value: value)])
    }
}

/// One sample: labels and a value.
public struct MetricSample: Sendable, Hashable {
    /// Label pairs in order.
    public var labels: [MetricLabel]
    /// The value.
    public var value: Double

    /// A sample.
    public init(labels: [MetricLabel] = [], value: Double) {
        self.labels = labels
        self.value = value
    }
}

/// One label pair.
public struct MetricLabel: Sendable, Hashable {
    /// The label name, `[a-zA-Z_][a-zA-Z0-9_]*`.
    public var name: String
    /// The value (any UTF-8; escaped when written).
    public var value: String

    /// A label.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
