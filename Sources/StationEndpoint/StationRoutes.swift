import Clocks
import JSON
import Synchronization
import StationSnapshot
import WebAPI

#if canImport(Glibc)
    import Glibc
#endif

/// The routes of the station's API and how each is rendered.
enum StationRoutes {
    static let current = "/api/v1/current"
    static let history = "/api/v1/history"
    static let historyCSV = "/api/v1/history.csv"
    static let cities = "/api/v1/cities"
    static let pollen = "/api/v1/pollen"
    static let climate = "/api/v1/climate"
    static let share = "/api/v1/share"
    static let page = "/"
    static let metrics = "/metrics"
    static let healthz = "/healthz"
    static let readyz = "/readyz"
    static let openAPI = "/openapi.json"

    /// Every route; hot ones first (the router scans in order).
    static func routes(
        history provider: (any HistoryProvider)?, clock: any StationClock, metrics body: @escaping @Sendable () -> String
    ) -> [Route] {
        [
            .resource(current, allowsAnyOrigin: true),
            .handler(metrics) { _ in
                HTTPResponse(
                    status: 200,
                    headers: [HTTPHeader("Content-Type", PrometheusText.contentType), HTTPHeader("Cache-Control", "no-store")],
                    body: Array(body().utf8))
            },
            .resource(page),
            .resource(healthz, allowsAnyOrigin: true),
            .resource(readyz, allowsAnyOrigin: true),
            .handler(history, allowsAnyOrigin: true) { request in
                historyResponse(request, provider: provider, now: clock.now)
            },
            .handler(historyCSV, allowsAnyOrigin: true) { request in
                historyCSVResponse(request, provider: provider, now: clock.now)
            },
            .resource(share, allowsAnyOrigin: true),
            .resource(cities, allowsAnyOrigin: true),
            .resource(pollen, allowsAnyOrigin: true),
            .resource(climate, allowsAnyOrigin: true),
            .resource(openAPI, allowsAnyOrigin: true),
        ]
    }

    /// Bodies that never change.
    static func fixedResources() -> [String: HTTPResponse] {
        var health = HTTPResponse.json(["status": "ok"], cacheControl: "no-store")
        health.entityTagged = false
        var openAPIResponse = HTTPResponse.json(OpenAPIDocument.render(), cacheControl: "public, max-age=3600")
        openAPIResponse.entityTagged = true
        return [healthz: health, openAPI: openAPIResponse]
    }

    /// How each snapshot body is rendered from `shared`'s snapshot; each renderer counts its render in `renders`.
    static func renderers(
        for shared: SharedSnapshot, counting renders: RenderCounter
    ) -> [String: @Sendable () -> HTTPResponse] {
        let counted: [(String, @Sendable (StationSnapshot) -> HTTPResponse)] = [
            (current, currentResponse), (page, pageResponse), (share, shareResponse), (readyz, readyResponse),
            (cities, { service($0.services.cities, name: "cities", key: "openmeteo.cities", at: $0.time) }),
            (pollen, { service($0.services.pollen, name: "pollen", key: "openmeteo.pollen", at: $0.time) }),
            (climate, { service($0.services.climate, name: "climate history", key: "openmeteo.climate", at: $0.time) }),
        ]
        var renderers: [String: @Sendable () -> HTTPResponse] = [:]
        for (path, render) in counted {
            renderers[path] = {
                renders.count(path)
                return render(shared.snapshot)
            }
        }
        return renderers
    }

    static func currentResponse(_ snapshot: StationSnapshot) -> HTTPResponse {
        var response = HTTPResponse.json(CurrentDocument.render(snapshot))
        response.entityTagged = true
        return response
    }

    static func pageResponse(_ snapshot: StationSnapshot) -> HTTPResponse {
        var response = HTTPResponse(
            status: 200,
            headers: [
                HTTPHeader("Content-Type", "text/html; charset=utf-8"), HTTPHeader("Cache-Control", "no-cache"),
                HTTPHeader(
                    "Content-Security-Policy",
                    "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"),
                HTTPHeader("X-Content-Type-Options", "nosniff"), HTTPHeader("Referrer-Policy", "no-referrer"),
            ],
            body: Array(StatusPage.render(snapshot).utf8))
        response.entityTagged = true
        return response
    }

    static func shareResponse(_ snapshot: StationSnapshot) -> HTTPResponse {
        guard let text = snapshot.shareText else {
            return .error(503, "no AQI yet: neither the sensor nor Open-Meteo has given a value")
        }
        return HTTPResponse(
            status: 200,
            headers: [HTTPHeader("Content-Type", "text/plain; charset=utf-8"), HTTPHeader("Cache-Control", "no-cache")],
            body: Array(text.utf8), entityTagged: true)
    }

    static func readyResponse(_ snapshot: StationSnapshot) -> HTTPResponse {
        let ready = snapshot.isReady
        let readiness: JSONValue = [
            "status": ready ? "ready" : "not_ready", "sensor": .bool(snapshot.sensor.hasReading),
            "reference": .bool(snapshot.reference.reading != nil),
        ]
        return HTTPResponse.json(readiness, status: ready ? 200 : 503, cacheControl: "no-store")
    }

    /// A service route's answer; an available document is rendered here, at the snapshot's time.
    static func service(_ block: ServiceBlock, name: String, key: String, at now: Date) -> HTTPResponse {
        switch block {
        case .notConfigured: return .error(404, "\(name) is not configured (\(key) in the configuration file)")
        case .pending: return .error(503, "\(name) has not been fetched yet")
        case .unavailable(let message): return .error(503, "\(name) is unavailable: \(message)")
        case .available(let document):
            var response = HTTPResponse.json(document.json(at: now))
            response.entityTagged = true
            return response
        }
    }

    static func historyResponse(_ request: HTTPRequest, provider: (any HistoryProvider)?, now: Date) -> HTTPResponse {
        let query: HistoryQuery
        do {
            query = try HistoryQuery.parse(request.query, now: now)
        } catch {
            return .error(400, error.description)
        }
        guard let provider else { return .error(503, "history is not available: the station has no store") }
        do {
            return .json(HistoryDocument.render(query, points: try provider.history(query)))
        } catch {
            return .error(503, "history is unavailable: \(error)")
        }
    }

    /// `/api/v1/history.csv`: the same query as `/api/v1/history`, streamed as CSV page by page; errors as JSON.
    static func historyCSVResponse(_ request: HTTPRequest, provider: (any HistoryProvider)?, now: Date) -> HTTPResponse {
        let query: HistoryQuery
        do {
            query = try HistoryQuery.parse(request.query, now: now)
        } catch {
            return .error(400, error.description)
        }
        guard let provider else { return .error(503, "history is not available: the station has no store") }
        let stream = HistoryCSVStream(query: query, provider: provider)
        // The header chunk needs no read; the first page is read here, so a store that cannot be read is
        // answered 503 like /api/v1/history rather than with a truncated file.
        let first: [UInt8]
        do {
            first = (try stream.next() ?? []) + (try stream.next() ?? [])
        } catch {
            return .error(503, "history is unavailable: \(error)")
        }
        let pending = Mutex<[UInt8]?>(first)
        var response = HTTPResponse(
            status: 200,
            headers: [
                HTTPHeader("Content-Type", HistoryCSV.contentType), HTTPHeader("Cache-Control", "no-cache"),
                HTTPHeader("Content-Disposition", "attachment; filename=\"\(HistoryCSV.fileName(query))\""),
            ])
        response.stream = HTTPBodyStream {
            if let chunk = pending.withLock({ value -> [UInt8]? in defer { value = nil }; return value }) { return chunk }
            return try stream.next()
        }
        return response
    }

    /// Families read at scrape time: requests answered, and the process's memory.
    static func scrapeFamilies(_ counters: RequestCounters) -> [MetricFamily] {
        var samples = counters.counts().map { count in
            MetricSample(
                labels: [MetricLabel("handler", count.route), MetricLabel("code", count.code.map(String.init) ?? "other")],
                value: Double(count.requests))
        }
        if samples.isEmpty {
            samples = [MetricSample(labels: [MetricLabel("handler", metrics), MetricLabel("code", "200")], value: 0)]
        }
        var families = [
            MetricFamily(
                name: "breeze_http_requests_total",
                help: "HTTP requests answered, by route (other: unknown paths) and status code.", kind: .counter,
                samples: samples)
        ]
        if let resident = residentMemoryBytes() {
            families.append(MetricFamily(
                name: "breeze_process_resident_memory_bytes", help: "Resident memory of the station process.",
                kind: .gauge, value: Double(resident)))
        }
        return families
    }

    /// Resident set size from /proc/self/statm (pages × page size).
    static func residentMemoryBytes() -> Int? {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer.prefix(count), as: UTF8.self).split(separator: " ")
        guard fields.count >= 2, let pages = Int(fields[1]) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}

import FoundationEssentials
