// Test scaffolding only: a loopback stand-in for Sensor.Community's push endpoint that checks what the real
// one checks and answers as it does, so the station's uploader is tested against the protocol, not against
// itself. Never linked into the station.
import Foundation
import JSON
public import OpenMeteoTestSupport
import Synchronization

/// The state behind a lock, in a class so the server's handler can share it.
final class StateBox: Sendable {
    let state = Mutex(FakeState())
}

/// What the stand-in has seen and how it behaves.
struct FakeState: Sendable {
    var accepted: [FakeSensorCommunity.Push] = []
    var refused: [(status: Int, reason: String)] = []
    var down = false
    var holding = false
    var held = 0
}

/// Sensor.Community's `POST /v1/push-sensor-data/` on 127.0.0.1.
///
/// It refuses what the real service refuses: a node it does not know, or none (`X-Sensor`, 403), a missing
/// or unknown `X-Pin`, a body that is not JSON, a Content-Type other than `application/json`, a body
/// without `sensordatavalues`, a value that is not a string or not a number, and a value type the pin does
/// not take (400). Accepted pushes answer 200 with an empty JSON list and are kept in ``accepted``.
/// ``down`` makes it close connections without answering (the network away); ``holding`` keeps each
/// request unanswered until it is set false again (a network that swallows packets); ``stop()`` ends it.
public final class FakeSensorCommunity: Sendable {
    /// One accepted push.
    public struct Push: Sendable, Hashable {
        /// The `X-Sensor` header.
        public let node: String
        /// The `X-Pin` header.
        public let pin: Int
        /// `software_version`.
        public let softwareVersion: String?
        /// `value_type` → `value`, as sent.
        public let values: [String: String]
        /// The value types in the order sent.
        public let order: [String]
    }

    /// The value types each pin takes (airRohr's pins).
    public static let pinValueTypes: [Int: Set<String>] = [
        1: ["P0", "P1", "P2", "P4"],
        3: ["temperature", "pressure"],
        5: ["P1", "P2", "durP1", "durP2", "ratioP1", "ratioP2"],
        7: ["temperature", "humidity"],
        9: ["lat", "lon", "height", "timestamp"],
        11: ["temperature", "humidity", "pressure"],
        13: ["temperature"],
    ]

    /// The loopback server.
    public let server: LoopbackHTTPServer
    private let box: StateBox

    /// A stand-in that knows the nodes in `registered`.
    public init(registered: Set<String>) throws {
        let box = StateBox()
        self.box = box
        server = try LoopbackHTTPServer { request in
            // Each connection has its own thread here, so waiting blocks only this request.
            if box.state.withLock({ $0.holding }) {
                box.state.withLock { $0.held += 1 }
                while box.state.withLock({ $0.holding }) { usleep(2000) }
                box.state.withLock { $0.held -= 1 }
            }
            if box.state.withLock({ $0.down }) {
                var response = LoopbackResponse(status: 503, body: [])
                response.closeWithoutResponse = true
                return response
            }
            switch Self.check(request, registered: registered) {
            case .success(let push):
                box.state.withLock { $0.accepted.append(push) }
                return .json("[]", status: 200)
            case .failure(let refusal):
                box.state.withLock { $0.refused.append((refusal.status, refusal.reason)) }
                return .json(#"{"detail":"\#(refusal.reason)"}"#, status: refusal.status)
            }
        }
    }

    /// The push URL.
    public var url: String { server.baseURL + "/v1/push-sensor-data/" }

    /// Pushes accepted so far, in order.
    public var accepted: [Push] { box.state.withLock { $0.accepted } }

    /// Pushes refused so far: the status and why.
    public var refused: [(status: Int, reason: String)] { box.state.withLock { $0.refused } }

    /// While true, every connection is closed without an answer.
    public var down: Bool {
        get { box.state.withLock { $0.down } }
        set { box.state.withLock { $0.down = newValue } }
    }

    /// While true, requests wait unanswered (``heldRequests`` of them now) until it is false again.
    public var holding: Bool {
        get { box.state.withLock { $0.holding } }
        set { box.state.withLock { $0.holding = newValue } }
    }

    /// Requests waiting for ``holding`` to end.
    public var heldRequests: Int { box.state.withLock { $0.held } }

    /// Stops the server.
    public func stop() {
        holding = false
        server.stop()
    }

    /// Why a push was refused.
    public struct Refusal: Error, Sendable {
        /// 400 or 403.
        public let status: Int
        /// The service's message.
        public let reason: String
    }

    /// What the real service checks, in its order.
    public static func check(_ request: LoopbackRequest, registered: Set<String>) -> Result<Push, Refusal> {
        func refuse(_ status: Int, _ reason: String) -> Result<Push, Refusal> { .failure(Refusal(status: status, reason: reason)) }
        guard request.method == "POST", request.path == "/v1/push-sensor-data/" else {
            return refuse(404, "not found")
        }
        guard let node = request.headers["x-sensor"], !node.isEmpty else { return refuse(403, "missing X-Sensor header") }
        guard registered.contains(node) else { return refuse(403, "sensor \(node) is not registered") }
        guard let pinText = request.headers["x-pin"], let pin = Int(pinText) else {
            return refuse(400, "missing or invalid X-Pin header")
        }
        guard let allowed = pinValueTypes[pin] else { return refuse(400, "unknown pin \(pin)") }
        let contentType = request.headers["content-type"]?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        guard contentType == "application/json" else {
            return refuse(400, "Content-Type must be application/json, found \(request.headers["content-type"] ?? "none")")
        }
        guard let document = try? JSONValue.parse(request.bodyText, rejectDuplicateKeys: true) else {
            return refuse(400, "body is not JSON")
        }
        guard case .array(let entries)? = document["sensordatavalues"], !entries.isEmpty else {
            return refuse(400, "sensordatavalues missing or empty")
        }
        var values: [String: String] = [:]
        var order: [String] = []
        for entry in entries {
            guard case .string(let type)? = entry["value_type"] else { return refuse(400, "value_type missing") }
            guard allowed.contains(type) else { return refuse(400, "value_type \(type) does not belong to pin \(pin)") }
            guard case .string(let value)? = entry["value"] else { return refuse(400, "value of \(type) is not a string") }
            guard Double(value)?.isFinite == true else { return refuse(400, "value of \(type) is not a number: \(value)") }
            values[type] = value
            order.append(type)
        }
        var version: String?
        if case .string(let text)? = document["software_version"] { version = text }
        return .success(Push(node: node, pin: pin, softwareVersion: version, values: values, order: order))
    }
}
