// Test scaffolding only: a loopback HTTP server that plays openSenseMap's `POST /boxes/{boxId}/data` and
// checks what the real API checks (openSenseMap-API's measurementsController, "postNewMeasurements", JSON
// array format). Full Foundation; never linked into the station.
public import Foundation
public import OpenMeteoTestSupport
import Synchronization

/// A stand-in openSenseMap: boxes with their sensor ids and access tokens, the measurements it accepted, and
/// a switch that takes it off the network.
public final class FakeOpenSenseMap: Sendable {
    /// One box: its id, the ids of its sensors, and the access token it requires (nil: `useAuth` off).
    public struct Box: Sendable {
        /// The box id (24 hex digits).
        public let id: String
        /// Its sensors' ids.
        public let sensors: Set<String>
        /// The token the `Authorization` header must carry; nil when the box does not require one.
        public let token: String?

        /// A box.
        public init(id: String, sensors: Set<String>, token: String?) {
            self.id = id
            self.sensors = sensors
            self.token = token
        }
    }

    /// One accepted measurement.
    public struct Measurement: Sendable, Hashable {
        /// The box it went to.
        public let box: String
        /// The sensor id.
        public let sensor: String
        /// The value as sent.
        public let value: String
        /// When it was measured.
        public let createdAt: Date
    }

    /// How the stand-in answers.
    public enum Mode: Sendable {
        /// As openSenseMap does.
        case up
        /// Every connection closed without an answer (the network or the service is away).
        case unreachable
        /// Every request answered with this status and a JSON error body.
        case failing(Int)
    }

    /// The most measurements one request may carry.
    public static let maximumMeasurements = 2500

    private struct State {
        var mode = Mode.up
        var accepted: [Measurement] = []
        var rejections: [String] = []
    }

    private final class Shared: Sendable {
        let boxes: [String: Box]
        let now: @Sendable () -> Date
        let state = Mutex(State())
        init(boxes: [String: Box], now: @escaping @Sendable () -> Date) {
            self.boxes = boxes
            self.now = now
        }
    }

    /// The server.
    public let server: LoopbackHTTPServer
    private let shared: Shared

    /// Starts the stand-in with `boxes`; `now` is the time `createdAt` may not be after.
    public init(boxes: [Box], now: @escaping @Sendable () -> Date = { Date() }) throws {
        let shared = Shared(boxes: Dictionary(boxes.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }), now: now)
        self.shared = shared
        server = try LoopbackHTTPServer { request in FakeOpenSenseMap.answer(request, shared: shared) }
    }

    /// `http://127.0.0.1:<port>`: the `opensensemap.url` pointing here.
    public var url: String { server.baseURL }

    /// Switches how the stand-in answers from now on.
    public func set(_ mode: Mode) { shared.state.withLock { $0.mode = mode } }

    /// Every measurement accepted so far, in the order received.
    public var accepted: [Measurement] { shared.state.withLock { $0.accepted } }

    /// Why each rejected request was rejected (status and message), in order.
    public var rejections: [String] { shared.state.withLock { $0.rejections } }

    /// Every request received so far.
    public var requests: [LoopbackRequest] { server.requests }

    /// Stops the server.
    public func stop() { server.stop() }

    private static func answer(_ request: LoopbackRequest, shared: Shared) -> LoopbackResponse {
        let mode = shared.state.withLock { $0.mode }
        switch mode {
        case .unreachable:
            var response = LoopbackResponse(status: 503, body: [])
            response.closeWithoutResponse = true
            return response
        case .failing(let status):
            return reject(status, "Service unavailable", shared: shared)
        case .up:
            break
        }
        switch validate(request, shared: shared) {
        case .success(let measurements):
            shared.state.withLock { $0.accepted += measurements }
            return .json("\"Measurements saved in box\"", status: 201)
        case .failure(let rejection):
            return reject(rejection.status, rejection.message, shared: shared)
        }
    }

    private struct Rejection: Error {
        let status: Int
        let message: String
    }

    private static func validate(_ request: LoopbackRequest, shared: Shared) -> Result<[Measurement], Rejection> {
        let parts = request.path.split(separator: "/", omittingEmptySubsequences: false)
        guard request.method == "POST", parts.count == 4, parts[0].isEmpty, parts[1] == "boxes", parts[3] == "data" else {
            return .failure(Rejection(status: 404, message: "\(request.method) \(request.path) does not exist"))
        }
        guard let box = shared.boxes[String(parts[2])] else {
            return .failure(Rejection(status: 404, message: "Box not found"))
        }
        if let token = box.token, request.headers["authorization"] != token {
            return .failure(Rejection(status: 401, message: "Box access token not valid!"))
        }
        guard let contentType = request.headers["content-type"],
            contentType.lowercased().split(separator: ";").first?.trimmingCharacters(in: .whitespaces) == "application/json"
        else {
            return .failure(Rejection(status: 415, message: "Unsupported content-type."))
        }
        guard let document = try? JSONSerialization.jsonObject(with: Data(request.body)),
            let items = document as? [Any]
        else {
            return .failure(Rejection(status: 422, message: "Cannot decode body: expected a JSON array"))
        }
        guard items.count <= maximumMeasurements else {
            return .failure(
                Rejection(status: 422, message: "Array of length \(items.count) exceeds the maximum of \(maximumMeasurements)"))
        }
        var measurements: [Measurement] = []
        let now = shared.now()
        for (index, item) in items.enumerated() {
            guard let object = item as? [String: Any], let sensor = object["sensor"] as? String,
                let value = object["value"] as? String
            else {
                return .failure(
                    Rejection(status: 422, message: "measurement \(index): expected {\"sensor\": id, \"value\": string}"))
            }
            guard box.sensors.contains(sensor) else {
                return .failure(Rejection(status: 422, message: "measurement \(index): sensor \(sensor) not found in box"))
            }
            guard let number = Double(value), number.isFinite else {
                return .failure(Rejection(status: 422, message: "measurement \(index): value \"\(value)\" is not a number"))
            }
            guard let text = object["createdAt"] as? String, let createdAt = rfc3339(text) else {
                return .failure(Rejection(status: 422, message: "measurement \(index): createdAt is not RFC 3339"))
            }
            guard createdAt <= now else {
                return .failure(Rejection(status: 422, message: "measurement \(index): createdAt \(text) is in the future"))
            }
            measurements.append(Measurement(box: box.id, sensor: sensor, value: value, createdAt: createdAt))
        }
        return .success(measurements)
    }

    private static func reject(_ status: Int, _ message: String, shared: Shared) -> LoopbackResponse {
        shared.state.withLock { $0.rejections.append("\(status) \(message)") }
        let code = [401: "Unauthorized", 404: "NotFound", 415: "UnsupportedMediaType", 422: "UnprocessableEntity"][status]
            ?? "InternalServerError"
        let body = (try? JSONSerialization.data(withJSONObject: ["code": code, "message": message]))
            .map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return .json(body, status: status)
    }

    /// RFC 3339 date-time: `2026-11-30T09:00:00Z`, with optional fraction and a `Z` or `±hh:mm` offset.
    static func rfc3339(_ text: String) -> Date? {
        let pattern = #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$"#
        guard text.range(of: pattern, options: .regularExpression) != nil else { return nil }
        let plain = ISO8601DateFormatter()
        plain.formatOptions = [.withInternetDateTime]
        if let date = plain.date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
    }
}
