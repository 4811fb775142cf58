import Diagnostics
public import HTTPClient

/// Why an Open-Meteo request gave no result. The description names the service and says what went wrong,
/// including Open-Meteo's own `reason` when it sent one, e.g.
/// `air quality: HTTP 400: Latitude must be in range of -90 to 90°. Given: 91.0.`
public struct OpenMeteoError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of failure.
    public enum Kind: String, Sendable, Hashable {
        /// No response: no network, DNS, refused, timed out, TLS, aborted (too large), cancelled.
        case unreachable
        /// A 4xx answer: the request was refused (`reason` from Open-Meteo's error body when present).
        case rejected
        /// A 5xx answer (after the retries).
        case serverError = "server_error"
        /// A 2xx answer that is not the JSON expected (truncated, malformed, wrong shape, error body).
        case invalidResponse = "invalid_response"
        /// A valid answer without the data asked for (no city found, no value for the day).
        case noData = "no_data"
    }

    /// The kind of failure.
    public let kind: Kind
    /// The service, e.g. `air quality`, `geocoding`, `archive`, `forecast`, `pollen proxy`.
    public let service: String
    /// What went wrong.
    public let message: String
    /// The HTTP status, when there was a response.
    public let status: Int?
    /// The transport error, when there was no response.
    public let transportError: HTTPClientError?

    /// An error of `kind` from `service`.
    public init(
        kind: Kind, service: String, message: String, status: Int? = nil, transportError: HTTPClientError? = nil
    ) {
        self.kind = kind
        self.service = service
        self.message = message
        self.status = status
        self.transportError = transportError
    }

    public var description: String { "\(service): \(message)" }

    /// This error with the secrets of `url` (``URLRedaction``) taken out of its message.
    func scrubbing(secretsOf url: String) -> OpenMeteoError {
        OpenMeteoError(
            kind: kind, service: service, message: URLRedaction.scrub(message, secretsOf: url), status: status,
            transportError: transportError)
    }
}
