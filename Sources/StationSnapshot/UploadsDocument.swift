import AirQuality
import CheckedConversions
public import FoundationEssentials
public import JSON

/// The `uploads` block of `/api/v1/current` and the `breeze_upload_*` metric families, from the uploaders'
/// ``UploadStatus`` values. One renderer, so every service reports in the same shape.
///
/// ```json
/// "uploads": {
///   "sensor_community": {"enabled": true, "last_success": "2026-05-01T10:00:00Z", "last_success_age_s": 12,
///     "last_attempt": "2026-05-01T10:00:00Z", "last_error": null, "last_error_at": null, "pending": 0,
///     "attempts": {"success": 10, "rejected": 0, "failed": 1}, "dropped": 1},
///   "opensensemap": {"enabled": false, ...}
/// }
/// ```
public enum UploadsDocument {
    /// Every upload service the station knows, in the order the block lists them. A service that is off
    /// still has its key, with `enabled: false` (every key of `/api/v1/current` is always present).
    public static let services = ["sensor_community", "opensensemap"]

    /// The `uploads` object at `now` (ages are measured to it); `statuses` holds the enabled services.
    public static func render(_ statuses: [UploadStatus], now: Date) -> JSONValue {
        let byService = Dictionary(statuses.map { ($0.service, $0) }, uniquingKeysWith: { _, last in last })
        let names = services + statuses.map(\.service).filter { !services.contains($0) }
        return .object(names.map { name in
            (key: name, value: byService[name].map { block($0, now: now) } ?? block(UploadStatus(service: name), enabled: false, now: now))
        })
    }

    /// One service's block.
    public static func block(_ status: UploadStatus, enabled: Bool = true, now: Date) -> JSONValue {
        [
            "enabled": .bool(enabled),
            "last_success": JSONValue(status.lastSuccess.map(ISO8601Time.format)),
            "last_success_age_s": JSONValue(status.lastSuccess.map { Int(clampingRounded: max(0, now.timeIntervalSince($0))) }),
            "last_attempt": JSONValue(status.lastAttempt.map(ISO8601Time.format)),
            "last_error": JSONValue(status.lastError),
            "last_error_at": JSONValue(status.lastErrorTime.map(ISO8601Time.format)),
            "pending": .number(Double(status.pending)),
            "attempts": .object(UploadStatus.Result.allCases.map {
                (key: $0.rawValue, value: .number(Double(status.count($0))))
            }),
            "dropped": .number(Double(status.dropped)),
        ]
    }

    /// `breeze_upload_attempts_total{service,result}`, `breeze_upload_last_success_timestamp_seconds{service}`,
    /// `breeze_upload_pending{service}` and `breeze_upload_dropped_total{service}` for the enabled services.
    public static func metrics(_ statuses: [UploadStatus]) -> [MetricFamily] {
        guard !statuses.isEmpty else { return [] }
        return [
            MetricFamily(
                name: "breeze_upload_attempts_total",
                help: "Community upload attempts (one POST, retries included) by service and result "
                    + "(success: 2xx; rejected: 4xx; failed: no answer or 5xx after retries).", kind: .counter,
                samples: statuses.flatMap { status in
                    UploadStatus.Result.allCases.map {
                        MetricSample(
                            labels: [MetricLabel("service", status.service), MetricLabel("result", $0.rawValue)],
                            value: Double(status.count($0)))
                    }
                }),
            MetricFamily(
                name: "breeze_upload_last_success_timestamp_seconds",
                help: "When the service last took values, Unix seconds (absent before the first success).",
                kind: .gauge,
                samples: statuses.compactMap { status in
                    status.lastSuccess.map {
                        MetricSample(labels: [MetricLabel("service", status.service)], value: $0.timeIntervalSince1970.rounded(.down))
                    }
                }),
            MetricFamily(
                name: "breeze_upload_pending",
                help: "Values or requests (openSenseMap: minutes in the outbox) waiting to be uploaded, by service.", kind: .gauge,
                samples: statuses.map {
                    MetricSample(labels: [MetricLabel("service", $0.service)], value: Double($0.pending))
                }),
            MetricFamily(
                name: "breeze_upload_dropped_total", help: "Values given up without being uploaded, by service.",
                kind: .counter,
                samples: statuses.map {
                    MetricSample(labels: [MetricLabel("service", $0.service)], value: Double($0.dropped))
                }),
        ]
    }
}
