public import Diagnostics
public import Lifecycle
import POSIX

/// The station's DNS-SD announcement as a service of its group: while it runs, the HTTP endpoint is
/// published through avahi-daemon (`_http._tcp`, named after the station), so browsers and apps find it as
/// `http://<hostname>.local:<port>/` without an IP address.
///
/// ```swift
/// let announcement = ServiceAnnouncement.station(name: "Balcony", port: endpoint.port ?? 8080, version: "1.2.0")
/// services.append(DNSSDAnnouncer(announcement: announcement, logger: logger.child("dnssd")))
/// ```
///
/// avahi being absent or restarting never stops the station: one notice, and the service is published when
/// the daemon (re)appears. Cancelling `run()` withdraws it.
public final class DNSSDAnnouncer: Service {
    /// "dnssd".
    public let name = "dnssd"
    /// What is announced.
    public let announcement: ServiceAnnouncement
    private let logger: Logger

    /// An announcer (nothing is published before ``run()``).
    public init(announcement: ServiceAnnouncement, logger: Logger) {
        self.announcement = announcement
        self.logger = logger
    }

    /// Publishes until cancelled, then withdraws the service and throws `CancellationError`.
    public func run() async throws {
        let session = AvahiSession(announcement: announcement, logger: logger)
        if session == nil { logger.error("DNS-SD is off: avahi cannot allocate its poll") }
        // Connecting and stopping are blocking C calls (D-Bus, joining avahi's thread): off the cooperative pool.
        _ = await DedicatedThread.run(name: "dnssd-start") { session?.start() ?? false }
        // Nothing to restart when it cannot start (out of memory): wait for the stop like a running announcer.
        await waitUntilCancelled()
        if let session { await DedicatedThread.run(name: "dnssd-stop") { session.stop() } }
        throw CancellationError()
    }
}
