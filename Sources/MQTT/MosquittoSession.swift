import AirQuality
import CheckedConversions
internal import CMosquitto
import Clocks
import Diagnostics
import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// One libmosquitto client and the dedicated thread that runs its network loop: `poll(2)` on the client's
/// socket and the wakeup (an eventfd), then `mosquitto_loop_read`/`_write`/`_misc`, connection attempts with capped
/// backoff, and the graceful `offline` + DISCONNECT at the end.
///
/// Confined to its thread once started: libmosquitto is used from that thread only, and its callbacks
/// (connect, disconnect, message) arrive there, with this object as their `void *` user data. Other threads
/// talk to it through ``PublisherState`` (a Mutex-guarded queue) and the wakeup.
final class MosquittoSession {
    /// How long the graceful shutdown may take to flush `offline` and DISCONNECT.
    static let shutdownFlushLimit: Duration = .seconds(2)

    let handle: OpaquePointer
    let state: PublisherState
    let configuration: MQTTConfiguration
    let topics: MQTTTopics
    let discovery: HomeAssistantDiscovery
    let logger: Logger
    private let completion: SessionCompletion
    var backoff: ReconnectBackoff
    private var nextAttempt = ContinuousClock.now
    /// A socket exists (connecting or connected).
    private var hasSocket = false
    /// The broker accepted the current connection (CONNACK 0).
    var accepted = false
    var stopping = false
    /// The message id of the `offline` whose PUBACK the shutdown waits for.
    var pendingAcknowledgement: Int32?

    /// Creates the client: options, credentials, TLS and the last will, all set before any connect.
    init(
        state: PublisherState, credentials: MQTTCredentials?, logger: Logger, completion: SessionCompletion
    ) throws(MQTTSetupError) {
        MosquittoLibrary.initialise()
        let configuration = state.configuration
        guard let handle = mosquitto_new(configuration.clientID, true, nil) else {
            throw MQTTSetupError("mosquitto_new failed: \(String(cString: strerror(errno)))")
        }
        self.handle = handle
        self.state = state
        self.configuration = configuration
        self.topics = configuration.topics
        self.discovery = HomeAssistantDiscovery(configuration: configuration)
        self.logger = logger
        self.completion = completion
        self.backoff = ReconnectBackoff(maximum: configuration.reconnectMaximum)
        do {
            try configure(credentials: credentials)
        } catch {
            mosquitto_destroy(handle)
            throw error
        }
    }

    private func configure(credentials: MQTTCredentials?) throws(MQTTSetupError) {
        try check(
            mosquitto_int_option(handle, MOSQ_OPT_PROTOCOL_VERSION, Int32(MQTT_PROTOCOL_V311)), "protocol version")
        try check(mosquitto_int_option(handle, MOSQ_OPT_TCP_NODELAY, 1), "TCP_NODELAY")
        if let credentials {
            try check(mosquitto_username_pw_set(handle, credentials.username, credentials.password), "username")
        }
        if configuration.broker.usesTLS {
            if let caFile = configuration.caFile {
                let rc = mosquitto_tls_set(handle, caFile, nil, nil, nil, nil)
                if rc != MOSQ_ERR_SUCCESS.rawValue {
                    throw MQTTSetupError("mqtt.ca_file: cannot use \(caFile): \(MosquittoLibrary.describe(rc))")
                }
            } else {
                try check(mosquitto_int_option(handle, MOSQ_OPT_TLS_USE_OS_CERTS, 1), "system CA certificates")
            }
        }
        // The will is part of CONNECT: set once, it holds for every reconnection.
        let offline = Array(MQTTPayloads.offline.utf8)
        try check(
            mosquitto_will_set(handle, topics.availability, Int32(offline.count), offline, 1, true), "last will")
        registerCallbacks()
    }

    private func check(_ code: Int32, _ what: String) throws(MQTTSetupError) {
        if code != MOSQ_ERR_SUCCESS.rawValue {
            throw MQTTSetupError("libmosquitto refused the \(what) setting: \(MosquittoLibrary.describe(code))")
        }
    }

    /// Starts the network thread, which owns this session from now on and destroys the client at its end.
    func start() throws(MQTTSetupError) {
        // Handed over whole: from here on only the network thread uses the session.
        nonisolated(unsafe) let session = self
        do {
            try DedicatedThread.detach(name: "breeze-mqtt") { session.run() }
        } catch {
            throw MQTTSetupError("cannot start the MQTT network thread: \(error.message)")
        }
    }

    // MARK: The loop (network thread)

    private func run() {
        defer {
            mosquitto_destroy(handle)
            state.setConnected(false)
            completion.finish()
        }
        while true {
            if state.stopRequested {
                stopGracefully()
                return
            }
            let socket = mosquitto_socket(handle)
            if socket < 0 {
                if hasSocket { connectionEnded() }
                let wait = nextAttempt - ContinuousClock.now
                if wait > .zero {
                    state.wakeup.wait(milliseconds: Self.milliseconds(wait))
                } else {
                    connect()
                }
                continue
            }
            let wantWrite = mosquitto_want_write(handle)
            var descriptors = [
                pollfd(fd: socket, events: Int16(POLLIN) | (wantWrite ? Int16(POLLOUT) : 0), revents: 0),
                pollfd(fd: state.wakeup.descriptor, events: Int16(POLLIN), revents: 0),
            ]
            do {
                try SystemCall.run("poll") { poll(&descriptors, 2, housekeepingMilliseconds) }
            } catch {
                logger.log(.error, every: .seconds(60), key: "poll", "poll failed: \(error.message)")
            }
            if descriptors[1].revents != 0 { state.wakeup.drain() }
            let events = descriptors[0].revents
            if events & Int16(POLLIN | POLLERR | POLLHUP) != 0 { _ = mosquitto_loop_read(handle, 1) }
            if events & Int16(POLLOUT) != 0 && mosquitto_socket(handle) >= 0 { _ = mosquitto_loop_write(handle, 1) }
            if accepted && mosquitto_socket(handle) >= 0 { publishQueued() }
            if mosquitto_socket(handle) >= 0 { _ = mosquitto_loop_misc(handle) }
        }
    }

    /// One connection attempt. `mosquitto_connect_async` (name resolution, then a non-blocking TCP connect
    /// with the CONNECT packet queued) rather than the blocking `mosquitto_connect`, which would hold this
    /// thread, and the shutdown, for a TCP timeout (about 2 minutes) when the broker's host is unreachable.
    /// mosquitto.h pairs the async connect with its own threaded loop; that loop does what this one does
    /// (poll for writability while `mosquitto_want_write`, then `mosquitto_loop_write` completes the connect
    /// and sends CONNECT), and the tests cover refused, TLS and authentication failures through it.
    private func connect() {
        state.countAttempt()
        let broker = configuration.broker
        let code = mosquitto_connect_async(handle, broker.host, Int32(broker.port), Int32(configuration.keepalive))
        let reason = MosquittoLibrary.describe(code)
        if code == MOSQ_ERR_SUCCESS.rawValue && mosquitto_socket(handle) >= 0 {
            hasSocket = true
            accepted = false
            logger.debug("connecting to \(broker)")
        } else {
            state.countFailure()
            let delay = backoff.nextDelay(random: Double.random(in: 0..<1))
            nextAttempt = ContinuousClock.now + delay
            logger.log(
                .warning, every: .seconds(300), key: "connect",
                "cannot connect to \(broker): \(reason); retrying in \(Self.describe(delay))")
        }
    }

    /// The socket is gone: count a failure if the broker never accepted it, and schedule the next attempt.
    private func connectionEnded() {
        if !accepted { state.countFailure() }
        hasSocket = false
        accepted = false
        state.setConnected(false)
        let delay = backoff.nextDelay(random: Double.random(in: 0..<1))
        nextAttempt = ContinuousClock.now + delay
        logger.debug("next connection attempt in \(Self.describe(delay))")
    }

    /// Hands queued states to libmosquitto while it has nothing else waiting to be written, so the bounded
    /// queue, not libmosquitto's, absorbs a slow or vanished broker.
    private func publishQueued() {
        while !mosquitto_want_write(handle), let message = state.popQueued() {
            if send(message) == nil {
                state.requeue(message)
                return
            }
        }
    }

    /// Hands `message` to libmosquitto; its message id, or nil when it was refused (logged).
    @discardableResult
    func send(_ message: MQTTMessage) -> Int32? {
        var messageID: Int32 = 0
        let code = message.payload.withUnsafeBytes { bytes in
            mosquitto_publish(
                handle, &messageID, message.topic, Int32(bytes.count), bytes.baseAddress, Int32(message.qos),
                message.retain)
        }
        if code == MOSQ_ERR_SUCCESS.rawValue {
            state.countPublished(message.kind)
            return messageID
        }
        logger.log(
            .warning, every: .seconds(300), key: "publish",
            "cannot publish to \(message.topic): \(MosquittoLibrary.describe(code))")
        return nil
    }

    /// Publishes `offline` (retained), waits for the broker's PUBACK, then sends DISCONNECT; bounded by
    /// ``shutdownFlushLimit``. Waiting for the acknowledgement matters twice: the broker has stored the
    /// retained `offline`, and nothing unread is left on the socket, so closing it sends FIN, not a RST that
    /// would make the broker drop the DISCONNECT and publish the will instead.
    private func stopGracefully() {
        stopping = true
        guard mosquitto_socket(handle) >= 0 else { return }
        let deadline = ContinuousClock.now + Self.shutdownFlushLimit
        if accepted {
            let offline = MQTTMessage(
                topic: topics.availability, text: MQTTPayloads.offline, qos: 1, retain: true, kind: .availability)
            if let messageID = send(offline) {
                pendingAcknowledgement = messageID
                pump(until: deadline) { self.pendingAcknowledgement == nil }
            }
        }
        _ = mosquitto_disconnect(handle)
        pump(until: deadline) { false }
        logger.info("disconnected from \(configuration.broker)")
    }

    /// Runs the network loop until `done` holds, the socket is closed or `deadline` passes.
    private func pump(until deadline: ContinuousClock.Instant, _ done: () -> Bool) {
        while mosquitto_socket(handle) >= 0 && !done() {
            let remaining = deadline - ContinuousClock.now
            if remaining <= .zero { return }
            let socket = mosquitto_socket(handle)
            var descriptor = pollfd(
                fd: socket, events: Int16(POLLIN) | (mosquitto_want_write(handle) ? Int16(POLLOUT) : 0), revents: 0)
            _ = poll(&descriptor, 1, min(Self.milliseconds(remaining), 100))
            if descriptor.revents & Int16(POLLOUT) != 0 { _ = mosquitto_loop_write(handle, 1) }
            if descriptor.revents & Int16(POLLIN | POLLERR | POLLHUP) != 0 && mosquitto_socket(handle) >= 0 {
                _ = mosquitto_loop_read(handle, 1)
            }
        }
    }

    // MARK: Helpers

    /// How long the loop waits with nothing to read, write or publish before `mosquitto_loop_misc` (which
    /// sends the keepalive PINGREQ once `keepalive_s` passed without traffic): a quarter of the keepalive, so
    /// the ping goes out at most that late, well within the broker's 1.5 × keepalive, and an idle connection
    /// costs one wake-up every few seconds instead of one a second.
    var housekeepingMilliseconds: Int32 { Int32(clamping: max(1, configuration.keepalive) * 250) }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
    }

    private static func describe(_ duration: Duration) -> String {
        let tenths = Int(clampingRounded: duration.timeInterval * 10)
        return "\(tenths / 10).\(tenths % 10) s"
    }
}
