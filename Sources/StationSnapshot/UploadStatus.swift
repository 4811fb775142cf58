import Diagnostics
public import FoundationEssentials

/// How one community uploader is doing, as `/api/v1/current` shows it under `uploads.<service>` and
/// `/metrics` counts it: the last success, the last error, what waits to be sent, and attempts by outcome.
///
/// Every uploader (Sensor.Community, openSenseMap) keeps one of these and hands a copy to the pipeline after
/// each attempt, so both report alike. A value; the uploader owns the only mutable copy.
public struct UploadStatus: Sendable, Hashable {
    /// The outcome of one upload attempt (one POST, retries included), the `result` label of
    /// `breeze_upload_attempts_total`.
    public enum Result: String, Sendable, Hashable, CaseIterable {
        /// A 2xx answer: the service took the values.
        case success
        /// A 4xx answer: the service refused the request as it is (unregistered node, wrong box id or token);
        /// sending the same again will not help.
        case rejected
        /// No answer, or a 5xx, after the retries: the network or the service is away.
        case failed
    }

    /// The service's key under `uploads`, e.g. `sensor_community`.
    public let service: String
    /// When the service last took values; nil before the first success.
    public private(set) var lastSuccess: Date?
    /// When the last attempt ended, whatever its outcome; nil before the first.
    public private(set) var lastAttempt: Date?
    /// What went wrong last, with any URL's secrets taken out (``URLRedaction``); nil after a success.
    public private(set) var lastError: String?
    /// When ``lastError`` happened.
    public private(set) var lastErrorTime: Date?
    /// Values (or requests) waiting to be sent: a bounded number, never growing without limit.
    public var pending: Int
    /// Attempts by outcome since the station started.
    public private(set) var attempts: [Result: UInt64]
    /// Values given up without being sent (Sensor.Community takes current values only, so a failed push is
    /// dropped rather than queued).
    public private(set) var dropped: UInt64

    /// A service with nothing attempted yet.
    public init(service: String) {
        self.service = service
        pending = 0
        attempts = Dictionary(uniqueKeysWithValues: Result.allCases.map { ($0, 0) })
        dropped = 0
    }

    /// Attempts that ended in `result`.
    public func count(_ result: Result) -> UInt64 { attempts[result] ?? 0 }

    /// Records a success at `time`: the last error is cleared.
    public mutating func recordSuccess(at time: Date) {
        attempts[.success, default: 0] += 1
        lastSuccess = time
        lastAttempt = time
        lastError = nil
        lastErrorTime = nil
    }

    /// Records a failure (`result` is ``Result/rejected`` or ``Result/failed``) at `time`. `message` is
    /// redacted here: any URL in it loses its userinfo and query values, so a token never reaches the API.
    public mutating func recordFailure(_ result: Result, message: String, at time: Date) {
        attempts[result, default: 0] += 1
        lastAttempt = time
        lastError = Self.redacted(message)
        lastErrorTime = time
    }

    /// Records `count` values given up without being sent.
    public mutating func recordDropped(_ count: Int) {
        dropped += UInt64(max(0, count))
    }

    /// `message` with every URL-looking word redacted.
    static func redacted(_ message: String) -> String {
        message.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.contains("://") ? URLRedaction.redact(String(word)) : String(word)
        }.joined(separator: " ")
    }
}
