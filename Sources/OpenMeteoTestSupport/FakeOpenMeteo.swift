import Foundation
public import OpenMeteo
import Synchronization

/// A loopback HTTP server that plays Open-Meteo (air quality, geocoding, archive, forecast) and the
/// Breeze pollen proxy, with faults injected per path.
public final class FakeOpenMeteo: Sendable {
    /// A fault to answer with instead of the normal response.
    public enum Fault: Sendable {
        /// This status with a plain-text body.
        case status(Int)
        /// Open-Meteo's error body with this status.
        case errorBody(Int, reason: String)
        /// The normal answer, after this delay.
        case slow(Duration)
        /// The normal answer announced in full, the connection closed halfway through the body.
        case truncatedTransfer
        /// A complete HTTP response whose JSON body is cut in half.
        case truncatedJSON
        /// A 200 with a body that is not JSON.
        case malformed
        /// A 200 with a body of this many bytes.
        case oversized(Int)
        /// The connection closed without an answer.
        case dropConnection
        /// A 200 with this JSON text instead of the normal answer (hostile values: 1e19, -1, 99999, ...).
        case json(String)
    }

    private struct State {
        var faults: [String: (fault: Fault, remaining: Int)] = [:]
        var failingArchiveYears: Set<Int> = []
        var nullArchiveYears: Set<Int> = []
    }

    private final class Shared: Sendable {
        let state = Mutex(State())
    }

    /// The server.
    public let server: LoopbackHTTPServer
    private let shared: Shared

    /// The path of the pollen proxy on this server.
    public static let pollenProxyPath = "/api/pollen"

    /// Starts the server.
    public init() throws {
        let shared = Shared()
        self.shared = shared
        server = try LoopbackHTTPServer { request in FakeOpenMeteo.answer(request, shared: shared) }
    }

    /// The endpoints pointing at this server; `pollenProxy` set when `withPollenProxy`.
    public func endpoints(withPollenProxy: Bool = false) -> OpenMeteoEndpoints {
        .under(server.baseURL, pollenProxy: withPollenProxy ? server.baseURL + Self.pollenProxyPath : nil)
    }

    /// Answers requests to `path` with `fault` the next `times` times.
    public func inject(_ fault: Fault, path: String, times: Int = Int.max) {
        shared.state.withLock { $0.faults[path] = (fault, times) }
    }

    /// Makes the archive fail (HTTP 500) for these years.
    public func failArchive(years: Set<Int>) { shared.state.withLock { $0.failingArchiveYears = years } }

    /// Makes the archive answer `null` for these years.
    public func nullArchive(years: Set<Int>) { shared.state.withLock { $0.nullArchiveYears = years } }

    /// Requests received for `path`.
    public func requests(to path: String) -> [LoopbackRequest] { server.requests.filter { $0.path == path } }

    private static func answer(_ request: LoopbackRequest, shared: Shared) -> LoopbackResponse {
        let fault: Fault? = shared.state.withLock { state in
            guard let entry = state.faults[request.path], entry.remaining > 0 else { return nil }
            state.faults[request.path] = (entry.fault, entry.remaining - 1)
            return entry.fault
        }
        let normal = normalAnswer(request, shared: shared)
        guard let fault else { return normal }
        switch fault {
        case .status(let status):
            return .text("upstream trouble", status: status)
        case .errorBody(let status, let reason):
            return .json(OpenMeteoFixtures.errorBody(reason), status: status)
        case .slow(let delay):
            var response = normal
            response.delay = delay
            return response
        case .truncatedTransfer:
            var response = normal
            response.truncateAfter = normal.body.count / 2
            return response
        case .truncatedJSON:
            return LoopbackResponse(status: 200, headers: [("Content-Type", "application/json")], body: Array(normal.body.prefix(normal.body.count / 2)))
        case .malformed:
            return LoopbackResponse(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html><body>Bad gateway</body></html>".utf8))
        case .oversized(let size):
            let padding = String(repeating: "x", count: max(0, size - 20))
            return .json("{\"padding\":\"\(padding)\"}")
        case .dropConnection:
            var response = normal
            response.closeWithoutResponse = true
            return response
        case .json(let text):
            return .json(text)
        }
    }

    private static func normalAnswer(_ request: LoopbackRequest, shared: Shared) -> LoopbackResponse {
        switch request.path {
        case "/v1/air-quality":
            let current = request.query["current"] ?? ""
            if current.contains("pollen") {
                let latitude = Double(request.query["latitude"] ?? "") ?? 0
                return .json(latitude > 35 && latitude < 72 && (Double(request.query["longitude"] ?? "") ?? 0) > -25
                    ? OpenMeteoFixtures.pollen : OpenMeteoFixtures.pollenOutsideEurope)
            }
            let latitudes = (request.query["latitude"] ?? "").split(separator: ",").compactMap { Double($0) }
            let longitudes = (request.query["longitude"] ?? "").split(separator: ",").compactMap { Double($0) }
            guard !latitudes.isEmpty, latitudes.count == longitudes.count else {
                return .json(OpenMeteoFixtures.errorBody("Parameter 'latitude' and 'longitude' must have the same number of elements"), status: 400)
            }
            if let bad = latitudes.first(where: { abs($0) > 90 }) {
                return .json(OpenMeteoFixtures.errorBody("Latitude must be in range of -90 to 90°. Given: \(bad)."), status: 400)
            }
            if request.query["hourly"] != nil {
                return .json(OpenMeteoFixtures.currentAirQuality())
            }
            return .json(OpenMeteoFixtures.cities(latitudes: latitudes, longitudes: longitudes))
        case "/v1/search":
            let name = (request.query["name"] ?? "").lowercased()
            return .json(name == "berlin" ? OpenMeteoFixtures.berlinSearch : OpenMeteoFixtures.emptySearch)
        case "/v1/archive":
            let date = request.query["start_date"] ?? ""
            let year = Int(date.prefix(4)) ?? 0
            let (failing, null) = shared.state.withLock { ($0.failingArchiveYears.contains(year), $0.nullArchiveYears.contains(year)) }
            if failing { return .text("archive unavailable", status: 500) }
            return .json(OpenMeteoFixtures.archiveDay(date, value: null ? nil : OpenMeteoFixtures.archiveTemperature(year: year)))
        case "/v1/forecast":
            if let date = request.query["start_date"] {
                return .json(OpenMeteoFixtures.archiveDay(date, value: 23.4))
            }
            return .json(OpenMeteoFixtures.humidity)
        case pollenProxyPath:
            return .json(OpenMeteoFixtures.googlePollen)
        default:
            return .json(OpenMeteoFixtures.errorBody("not found"), status: 404)
        }
    }
}
