/// A long-running part of the station: the sensor loop, the reference refresher, the store writer, the LEDs.
///
/// One method. `run()` returns or throws when the service stops; cancellation of the calling task is the
/// request to shut down gracefully, after which `run()` must clean up (LEDs off, data flushed) and return
/// promptly.
public protocol Service: Sendable {
    /// A short name for logs, e.g. "sensor".
    var name: String { get }
    /// Runs the service until it fails or the task is cancelled.
    func run() async throws
}
