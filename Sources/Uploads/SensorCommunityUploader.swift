public import Clocks
public import FoundationEssentials
public import Diagnostics
public import HTTPClient
public import Lifecycle
public import StationSnapshot
import Synchronization

/// Pushes the station's readings to Sensor.Community every `interval_s`, as airRohr does: the means of the
/// sensor's raw readings since the last push, one POST per pin (``SensorCommunityPush``).
///
/// A service of its own in the station's group: it reads snapshots from a subscription and never holds the
/// pipeline, the LEDs or HTTP. A failed POST is retried with jittered backoff (``HTTPClient/RetryPolicy``);
/// when the retries are spent its values are dropped, not queued (Sensor.Community takes current values
/// only, so at most one round of pushes is ever pending). Every attempt updates the ``UploadStatus`` handed
/// to `onStatus` (`uploads.sensor_community` in `/api/v1/current`, `breeze_upload_*` in `/metrics`).
public final class SensorCommunityUploader: Service {
    /// The service's name and its key under `uploads`.
    public static let service = "sensor_community"
    /// Retries of one POST: 3 attempts, waits of 2.5-5 s then 5-10 s, well inside the 145 s interval.
    public static let retryPolicy = RetryPolicy(maximumAttempts: 3, initialDelay: .seconds(5), maximumDelay: .seconds(30))

    public var name: String { Self.service }

    private let configuration: SensorCommunityConfiguration
    private let transport: RetryingHTTPTransport
    private let clock: any StationClock
    private let logger: Logger
    private let subscribe: @Sendable () -> AsyncStream<StationSnapshot>
    private let onStatus: @Sendable (UploadStatus) -> Void
    private let climate: @Sendable (StationSnapshot) -> (time: Date, climate: SensorCommunityReadings.Climate)?
    private let softwareVersion: String
    /// Snapshots taken from the subscription so far (tests wait on it instead of on time).
    let snapshotsReceived = Atomic<Int>(0)

    /// An uploader for `configuration` over `transport` (retried by `retryPolicy`, waiting on `clock`).
    /// - Parameters:
    ///   - subscribe: a fresh stream of the station's snapshots, taken when the service starts.
    ///   - onStatus: receives the status after every change (any thread).
    ///   - climate: where a snapshot's climate reading is read (``SnapshotReadings/climate(_:)``).
    ///   - random: values in 0..<1 for the retry jitter.
    public init(
        configuration: SensorCommunityConfiguration, transport: any HTTPTransport,
        retryPolicy: RetryPolicy = SensorCommunityUploader.retryPolicy, clock: any StationClock, logger: Logger,
        softwareVersion: String = SensorCommunityPush.softwareVersion(BuildInfo.version),
        subscribe: @escaping @Sendable () -> AsyncStream<StationSnapshot>,
        onStatus: @escaping @Sendable (UploadStatus) -> Void,
        climate: @escaping @Sendable (StationSnapshot) -> (time: Date, climate: SensorCommunityReadings.Climate)? =
            SnapshotReadings.climate,
        random: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }
    ) {
        self.configuration = configuration
        // No retry log lines: offline for a day they would be two lines per push; the uploader logs the
        // outcome once per failure streak, and the error carries the attempt count.
        self.transport = RetryingHTTPTransport(
            wrapping: transport, policy: retryPolicy, clock: clock, logger: nil, random: random)
        self.clock = clock
        self.logger = logger
        self.softwareVersion = softwareVersion
        self.subscribe = subscribe
        self.onStatus = onStatus
        self.climate = climate
    }

    public func run() async throws {
        var status = UploadStatus(service: Self.service)
        onStatus(status)
        let accumulator = Mutex(ReadingAccumulator())
        let snapshots = subscribe()
        let listener = Task { [self] in
            for await snapshot in snapshots {
                defer { self.snapshotsReceived.add(1, ordering: .releasing) }
                let particulate = SnapshotReadings.particulate(snapshot)
                let climate = self.climate(snapshot)
                accumulator.withLock { interval in
                    if let particulate { interval.addParticulate(time: particulate.time, particulate.measurement) }
                    if let climate { interval.addClimate(time: climate.time, climate.climate) }
                }
            }
        }
        defer { listener.cancel() }
        logger.info("pushing to \(URLRedaction.redact(configuration.url)) as \(configuration.nodeID) every \(configuration.interval)")
        var next = clock.now.adding(configuration.interval)
        while !Task.isCancelled {
            do {
                try await clock.sleep(toward: next, atMost: configuration.interval)
            } catch {
                return
            }
            // Fixed rate; a round that overran (a slow network) skips the slots it missed instead of bunching.
            next = next.adding(configuration.interval)
            if next <= clock.now { next = clock.now.adding(configuration.interval) }
            let pushes = SensorCommunityPush.pushes(for: accumulator.withLock { $0.take() })
            guard !pushes.isEmpty else {
                logger.debug("nothing measured in the last interval; nothing sent")
                continue
            }
            status.pending = pushes.count
            onStatus(status)
            for push in pushes {
                guard await send(push, status: &status) else { return }
                status.pending -= 1
                onStatus(status)
            }
        }
    }

    /// One POST with its retries; the outcome is recorded in `status`. False when cancelled.
    private func send(_ push: SensorCommunityPush, status: inout UploadStatus) async -> Bool {
        let request = push.request(url: configuration.url, nodeID: configuration.nodeID, softwareVersion: softwareVersion)
        let hadFailed = status.lastError != nil
        let outcome: (UploadStatus.Result, String)
        do {
            let response = try await transport.send(request)
            if response.isSuccess {
                status.recordSuccess(at: clock.now)
                if hadFailed { logger.notice("pin \(push.pin.rawValue) accepted again (HTTP \(response.status))") }
                return true
            }
            let result: UploadStatus.Result = (400..<500).contains(response.status) ? .rejected : .failed
            outcome = (result, "HTTP \(response.status) for pin \(push.pin.rawValue) from \(URLRedaction.redact(configuration.url))\(Self.reason(response))")
        } catch {
            if error.kind == .cancelled || Task.isCancelled { return false }
            outcome = (.failed, "pin \(push.pin.rawValue): \(error)")
        }
        status.recordFailure(outcome.0, message: outcome.1, at: clock.now)
        status.recordDropped(push.values.count)
        // One warning when uploads start failing, then quieter: a station offline for a day would otherwise
        // write a warning every 145 s.
        if hadFailed {
            logger.debug("\(outcome.1); values dropped")
        } else {
            logger.warning("\(outcome.1); values dropped (Sensor.Community takes current values only)")
        }
        return true
    }

    /// `: <the service's message>`, its first line, printable and short; empty without one.
    static func reason(_ response: HTTPResponse) -> String {
        let line = response.bodyText.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let printable = String(line.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(160).map(Character.init))
        return printable.isEmpty ? "" : ": \(printable)"
    }
}
