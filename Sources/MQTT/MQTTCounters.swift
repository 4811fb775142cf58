public import StationSnapshot

/// The publisher's counters, monotonic over the process's life, and its gauges.
public struct MQTTCounters: MetricSource, Hashable {
    /// Messages handed to the broker connection, by kind.
    public var published: [MQTTMessage.Kind: UInt64] = [:]
    /// State messages dropped from the full queue while the broker was away.
    public var dropped: UInt64 = 0
    /// Connection attempts (TCP connect and MQTT CONNECT).
    public var connectionAttempts: UInt64 = 0
    /// Attempts that did not end in an accepted connection (refused, unreachable, bad credentials, TLS).
    public var connectionFailures: UInt64 = 0
    /// Whether the broker has accepted the connection and it is up.
    public var connected = false
    /// State messages waiting for the broker.
    public var queued = 0

    /// Zeroes.
    public init() {}

    /// Messages published, all kinds.
    public var publishedTotal: UInt64 { published.values.reduce(0, +) }

    /// The families `/metrics` writes for these counters.
    public var metricFamilies: [MetricFamily] {
        [
            MetricFamily(
                name: "breeze_mqtt_messages_published_total",
                help: "MQTT messages handed to the broker connection, by kind (state, availability, discovery).",
                kind: .counter,
                samples: MQTTMessage.Kind.allCases.map { kind in
                    MetricSample(labels: [MetricLabel("kind", kind.rawValue)], value: Double(published[kind] ?? 0))
                }),
            MetricFamily(
                name: "breeze_mqtt_messages_dropped_total",
                help: "MQTT state messages dropped, oldest first, from the full queue while the broker was away.",
                kind: .counter, value: Double(dropped)),
            MetricFamily(
                name: "breeze_mqtt_connection_attempts_total", help: "Attempts to connect to the MQTT broker.",
                kind: .counter, value: Double(connectionAttempts)),
            MetricFamily(
                name: "breeze_mqtt_connection_failures_total",
                help: "MQTT connection attempts that were refused or failed.", kind: .counter,
                value: Double(connectionFailures)),
            MetricFamily(
                name: "breeze_mqtt_connected", help: "1 while the MQTT broker has accepted the connection, else 0.",
                kind: .gauge, value: connected ? 1 : 0),
            MetricFamily(
                name: "breeze_mqtt_queued_messages", help: "MQTT state messages waiting for the broker.",
                kind: .gauge, value: Double(queued)),
        ]
    }
}
