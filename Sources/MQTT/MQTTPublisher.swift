public import Clocks
public import Diagnostics
public import Lifecycle
public import StationSnapshot
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Publishes the station to an MQTT broker, with Home Assistant discovery: the service the station runs
/// when its configuration has an `mqtt` section.
///
/// ```swift
/// if let mqtt = MQTTConfiguration(section: root.section("mqtt"), stationName: name) {
///     let publisher = try MQTTPublisher(configuration: mqtt, logger: logger.child("mqtt"), clock: clock)
///     services.append(publisher)            // run() connects and publishes until cancelled
///     ...
///     publisher.update(snapshot)            // each new snapshot: never blocks, never fails
///     snapshot.metricSources.append(publisher.counters)   // rendered when /metrics is
/// }
/// ```
///
/// `run()` starts libmosquitto on a dedicated thread (never the cooperative pool), connects, publishes
/// `online` and the discovery configs after each connect, and queues a state message of the latest snapshot
/// every `interval_s`. The broker being away blocks nothing: states wait in a bounded queue (oldest dropped)
/// while the thread reconnects with capped, jittered backoff. Cancelling `run()` publishes `offline`
/// (retained), disconnects and returns; if the process dies instead, the broker publishes the last will
/// (`offline`, retained) after 1.5 × `keepalive_s` at most.
public final class MQTTPublisher: Service {
    /// "mqtt".
    public let name = "mqtt"
    /// The settings.
    public let configuration: MQTTConfiguration
    /// How long `run()` waits for the network thread after cancellation before returning anyway (a thread
    /// blocked in name resolution cannot be interrupted).
    public static let stopTimeout: Duration = .seconds(5)

    private let credentials: MQTTCredentials?
    private let logger: Logger
    private let clock: any StationClock
    private let state: PublisherState
    private let running = Mutex(false)

    /// A publisher. Reads the password file and checks the CA file now, so a missing or unreadable one is
    /// reported at start-up, not at the first connection.
    ///
    /// - Throws: ``MQTTSetupError`` naming the key and the file.
    public init(configuration: MQTTConfiguration, logger: Logger, clock: any StationClock) throws(MQTTSetupError) {
        if let caFile = configuration.caFile, access(caFile, R_OK) != 0 {
            throw MQTTSetupError("mqtt.ca_file: cannot read \(caFile): \(String(cString: strerror(errno)))")
        }
        self.configuration = configuration
        self.logger = logger
        self.clock = clock
        self.credentials = try MQTTCredentials.load(for: configuration)
        self.state = try PublisherState(configuration: configuration)
        if credentials?.passwordFileIsWorldReadable == true, let path = configuration.passwordFile {
            logger.warning("mqtt.password_file \(path) is readable by every user; chmod 600 it")
        }
    }

    /// Hands the publisher the station's newest state. Never blocks: it is kept as the latest (and queued
    /// at once only when nothing has been published since the last connect). Call it with every snapshot.
    public func update(_ snapshot: StationSnapshot) {
        state.update(snapshot)
    }

    /// Queues a state message of the latest snapshot now, besides the periodic ones. Never blocks.
    public func publishState() {
        state.enqueueState()
    }

    /// The counters and gauges now.
    public var counters: MQTTCounters { state.counters }

    /// Whether the broker has accepted the connection and it is up.
    public var isConnected: Bool { counters.connected }

    /// Connects and publishes until cancelled; then publishes `offline`, disconnects and returns.
    ///
    /// - Throws: ``MQTTSetupError`` when the client cannot be set up (a CA file libmosquitto refuses, no
    ///   thread). A broker that is away is not an error: the publisher keeps trying.
    public func run() async throws {
        let alreadyRunning = running.withLock { running in
            defer { running = true }
            return running
        }
        guard !alreadyRunning else { throw MQTTSetupError("the MQTT publisher is already running") }
        defer { running.withLock { $0 = false } }

        state.prepareForRun()
        let completion = SessionCompletion()
        let session = try MosquittoSession(
            state: state, credentials: credentials, logger: logger, completion: completion)
        try session.start()
        let discoveryNote = configuration.discovery ? ", discovery under \(configuration.discoveryPrefix)" : ""
        logger.info(
            "publishing to \(configuration.broker) every \(configuration.interval.components.seconds) s on "
                + "\(configuration.topics.base)\(discoveryNote)")

        var next = clock.now.adding(configuration.interval)
        while true {
            do {
                try await clock.sleep(toward: next, atMost: configuration.interval)
            } catch {
                break
            }
            let now = clock.now
            next = next.adding(configuration.interval)
            if next <= now { next = now.adding(configuration.interval) }
            state.enqueueState()
        }

        state.requestStop()
        if !(await completion.wait(timeout: Self.stopTimeout)) {
            logger.warning(
                "the MQTT network thread did not stop within \(Self.stopTimeout.components.seconds) s; leaving it")
        }
    }
}
