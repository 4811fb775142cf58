/// A long-running part of the station: the sensor loop, the reference refresher, the store writer, the LEDs.
///
/// One method. `run()` returns or throws when the service stops; cancellation of the calling task is the
/// request to shut down gracefully, after which `run()` must clean up (LEDs off, data flushed) and return
/// promptly. What the ``ServiceGroup`` does when `run()` ends without being asked to is the service's
/// ``failurePolicy``.
public protocol Service: Sendable {
    /// A short name for logs, e.g. "sensor".
    var name: String { get }
    /// What the group does when ``run()`` fails or returns on its own.
    var failurePolicy: ServiceFailurePolicy { get }
    /// Runs the service until it fails or the task is cancelled.
    func run() async throws
}

extension Service {
    /// Restart with backoff: a sensor unplugged, a broker away, a card that fails a write come back on their own.
    public var failurePolicy: ServiceFailurePolicy { .restart }
}

/// What a ``ServiceGroup`` does with a service whose `run()` failed or returned without a stop request.
public enum ServiceFailurePolicy: Sendable, Equatable {
    /// Run it again after the group's backoff (``ServiceGroup/RestartPolicy``).
    case restart
    /// Stop the whole group, gracefully, and report the service (the daemon then exits non-zero, and systemd
    /// starts it again from scratch): for a part without which the station is not a station.
    case endStation
    /// Log it and leave it stopped; the rest runs on: for a convenience whose failure a restart would not mend.
    case ignore
}
