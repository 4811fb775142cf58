import AirQuality
public import Clocks
public import Diagnostics
import FoundationEssentials
public import HTTPClient
public import Lifecycle
public import StationSnapshot
import Synchronization

/// Sends the station's minutes to openSenseMap: every `interval_s`, the outbox's oldest minutes in requests
/// of at most 2500 values, until the outbox is empty or a request fails; a failure waits a jittered,
/// growing backoff (at most ``maximumBackoff``) before the next try. Minutes leave the outbox only when
/// openSenseMap answered 201, so nothing is lost while the network or the service is away, and nothing is
/// sent twice when it answers.
///
/// Runs on the cooperative pool but never blocks it: the outbox is read on the store's own thread and the
/// request goes through the libcurl client's thread.
public final class OpenSenseMapUploader: Service {
    public let name = "opensensemap"
    /// The outbox service name: the key of this uploader's minutes in the store.
    public static let outboxName = "opensensemap"
    /// The longest wait between failed attempts.
    public static let maximumBackoff: Duration = .seconds(600)

    /// The settings.
    public let configuration: OpenSenseMapConfiguration
    private let token: OpenSenseMapToken?
    private let outbox: any UploadOutbox
    private let transport: any HTTPTransport
    private let clock: any StationClock
    private let logger: Logger
    private let onStatus: @Sendable (UploadStatus) -> Void
    private let status = Mutex(UploadStatus(service: OpenSenseMapUploader.outboxName))
    private let backoff: RetryPolicy

    /// An uploader.
    /// - Parameters:
    ///   - token: the box's access token (from `token_file`), sent as `Authorization`; nil for none.
    ///   - outbox: the minutes not yet accepted.
    ///   - transport: the HTTP client (no retries of its own: the next cycle is the retry).
    ///   - onStatus: called with the status after each attempt and outbox change (for `/api/v1/current`).
    public init(
        configuration: OpenSenseMapConfiguration, token: OpenSenseMapToken?, outbox: any UploadOutbox,
        transport: any HTTPTransport, clock: any StationClock, logger: Logger,
        onStatus: @escaping @Sendable (UploadStatus) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.token = token
        self.outbox = outbox
        self.transport = transport
        self.clock = clock
        self.logger = logger
        self.onStatus = onStatus
        backoff = RetryPolicy(
            maximumAttempts: Int.max, initialDelay: configuration.interval, maximumDelay: Self.maximumBackoff)
    }

    /// The status now.
    public var currentStatus: UploadStatus { status.withLock { $0 } }

    /// `{url}/boxes/{box_id}/data`.
    public var endpoint: String { "\(configuration.url)/boxes/\(configuration.boxID)/data" }

    /// Uploads every interval until cancelled; failures back off and never end the service.
    public func run() async throws {
        logger.info(
            "sending \(configuration.sensors.count) phenomena to \(URLRedaction.redact(endpoint)) every \(configuration.interval)"
                + (token == nil ? " without a token" : ""))
        await publishPending()
        var failures = 0
        var due = clock.now.adding(configuration.interval)
        while !Task.isCancelled {
            // Wakes at least every interval, also while backing off, so `pending` follows the outbox.
            let wake = min(due, clock.now.adding(configuration.interval))
            try await clock.sleep(until: wake)
            guard clock.now >= due else {
                await publishPending()
                continue
            }
            failures = await uploadPending() ? 0 : failures + 1
            let wait = failures == 0
                ? configuration.interval
                : backoff.delay(afterFailures: failures, random: Double.random(in: 0..<1))
            due = clock.now.adding(wait)
        }
        throw CancellationError()
    }

    /// Sends the outbox's minutes, oldest first, one request after another, until it is empty or a request
    /// fails. Returns whether everything went (or there was nothing to send).
    @discardableResult
    public func uploadPending() async -> Bool {
        let perRequest = OpenSenseMapPayload.minutesPerRequest(sensorCount: configuration.sensors.count)
        while !Task.isCancelled {
            let minutes: [MinuteAggregate]
            do {
                minutes = try await outbox.oldest(limit: perRequest)
            } catch {
                recordFailure(.failed, "cannot read the outbox: \(error)")
                return false
            }
            guard !minutes.isEmpty else {
                await publishPending()
                return true
            }
            let measurements = OpenSenseMapPayload.measurements(for: minutes, sensors: configuration.sensors)
            if !measurements.isEmpty {
                guard await send(measurements, minutes: minutes.count) else {
                    await publishPending()
                    return false
                }
            }
            do {
                try await outbox.remove(minutes.map(\.minute))
            } catch {
                recordFailure(.failed, "openSenseMap took \(minutes.count) minutes but the outbox cannot drop them: \(error)")
                return false
            }
            if minutes.count < perRequest {
                await publishPending()
                return true
            }
        }
        return false
    }

    /// One POST; true on 201.
    private func send(_ measurements: [OpenSenseMapMeasurement], minutes: Int) async -> Bool {
        var headers = [HTTPHeaderField(name: "Content-Type", value: "application/json")]
        if let token { headers.append(HTTPHeaderField(name: "Authorization", value: token.value)) }
        let request = HTTPRequest(
            method: .post, url: endpoint, headers: headers, body: OpenSenseMapPayload.body(measurements))
        do throws(HTTPClientError) {
            let response = try await transport.send(request)
            guard response.status == 201 else {
                let result: UploadStatus.Result = (400..<500).contains(response.status) ? .rejected : .failed
                recordFailure(
                    result,
                    "HTTP \(response.status) for \(measurements.count) values from \(endpoint)"
                        + SensorCommunityUploader.reason(response) + "; the minutes stay in the outbox")
                return false
            }
            let now = clock.now
            let wasFailing = status.withLock { status -> Bool in
                defer { status.recordSuccess(at: now) }
                return status.lastError != nil
            }
            if wasFailing { logger.notice("openSenseMap accepts measurements again") }
            logger.debug("sent \(measurements.count) values of \(minutes) minutes to openSenseMap")
            return true
        } catch {
            if error.kind == .cancelled || Task.isCancelled { return false }
            recordFailure(.failed, "cannot reach openSenseMap: \(error); the minutes stay in the outbox")
            return false
        }
    }

    private func publishPending() async {
        let pending = try? await outbox.count()
        let current = status.withLock { status -> UploadStatus in
            if let pending { status.pending = pending }
            return status
        }
        onStatus(current)
    }

    private func recordFailure(_ result: UploadStatus.Result, _ message: String) {
        let now = clock.now
        let (current, wasFailing) = status.withLock { status -> (UploadStatus, Bool) in
            let wasFailing = status.lastError != nil
            status.recordFailure(result, message: message, at: now)
            return (status, wasFailing)
        }
        // One warning when uploads start failing, then quieter: an outage of a day would otherwise warn every
        // backoff step. The status shows every failure.
        if wasFailing {
            logger.debug(current.lastError ?? message)
        } else {
            logger.warning(current.lastError ?? message)
        }
        onStatus(current)
    }
}
