public import StationSnapshot

/// A consumer of the station's refreshes, in the one list ``StationPublisher`` feeds: the store (the minutes
/// each refresh completed), the MQTT publisher, the HTTP endpoint, the LEDs and the snapshot broadcast. A new
/// consumer is one more entry in `StationRuntime.services`, not one more hand-written call.
public protocol StationOutputSubscriber: Sendable {
    /// What the subscriber counts, added to every snapshot's `/metrics` (``StationSnapshot/MetricSource``: a
    /// value, rendered only when `/metrics` is); asked before each fan-out, so that every subscriber sees the
    /// same snapshot. Nil: nothing.
    var metricSource: (any MetricSource)? { get }
    /// Takes one refresh's output. Called under the publisher's lock, in list order, so it must not block: a
    /// subscriber with slow work keeps the newest output and does the work on its own task or thread.
    func receive(_ output: StationOutput)
}

extension StationOutputSubscriber {
    /// None.
    public var metricSource: (any MetricSource)? { nil }
}
