import CMicroHTTPDShim

#if canImport(Glibc)
    import Glibc
#endif

/// How many requests were answered, by route and status code; lock-free (relaxed atomic increments), so
/// counting costs a request a few nanoseconds. Requests libmicrohttpd refuses before the handler runs
/// (limits, oversize headers, malformed requests) are not seen here.
public final class RequestCounters: @unchecked Sendable {
    // @unchecked: the table is only touched through atomic operations.
    /// The status codes counted on their own; the rest count as `other`.
    static let codes: [Int] = [200, 304, 400, 404, 405, 500, 503]
    /// The route labels: each route's path, then `other` for paths no route serves.
    public let routeLabels: [String]
    private let table: UnsafeMutablePointer<UInt64>
    private let slotCount: Int

    init(routePaths: [String]) {
        self.routeLabels = routePaths + ["other"]
        self.slotCount = routeLabels.count * (Self.codes.count + 1)
        self.table = .allocate(capacity: slotCount)
        table.initialize(repeating: 0, count: slotCount)
    }

    deinit {
        table.deallocate()
    }

    /// Counts one answered request; `route` nil for an unknown path.
    @inline(__always)
    func count(route: Int?, status: UInt32) {
        let row = route ?? (routeLabels.count - 1)
        let column: Int
        switch status {
        case 200: column = 0
        case 304: column = 1
        case 400: column = 2
        case 404: column = 3
        case 405: column = 4
        case 500: column = 5
        case 503: column = 6
        default: column = 7
        }
        breeze_counter_increment(table + row * (Self.codes.count + 1) + column)
    }

    /// One counted (route, code) pair.
    public struct Count: Sendable, Hashable {
        /// The route path, or `other`.
        public let route: String
        /// The status code, or nil for codes not counted on their own.
        public let code: Int?
        /// Requests answered.
        public let requests: UInt64

        /// A count.
        public init(route: String, code: Int?, requests: UInt64) {
            self.route = route
            self.code = code
            self.requests = requests
        }
    }

    /// The non-zero counts, routes in registration order, codes ascending.
    public func counts() -> [Count] {
        var result: [Count] = []
        let width = Self.codes.count + 1
        for (row, route) in routeLabels.enumerated() {
            for column in 0..<width {
                let value = breeze_counter_load(table + row * width + column)
                guard value > 0 else { continue }
                result.append(Count(route: route, code: column < Self.codes.count ? Self.codes[column] : nil, requests: value))
            }
        }
        return result
    }

    /// All requests counted.
    public var total: UInt64 { counts().reduce(0) { $0 + $1.requests } }
}
