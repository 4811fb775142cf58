import Foundation
import StationSnapshot
import Testing

@Suite("history queries")
struct HistoryQueryTests {
    let now = Samples.time

    func parse(_ pairs: [(String, String)]) throws(HistoryQueryError) -> HistoryQuery {
        try HistoryQuery.parse(pairs.map { (name: $0.0, value: $0.1) }, now: now)
    }

    @Test("defaults: the last day by hour")
    func defaults() throws {
        let query = try parse([])
        #expect(query == HistoryQuery(from: now.addingTimeInterval(-86_400), to: now, resolution: .hour))
        #expect(try parse([("resolution", "minute")]).from == now.addingTimeInterval(-3600))
    }

    @Test("times: ISO 8601, dates, offsets, Unix seconds")
    func times() throws {
        let query = try parse([("from", "2026-03-01"), ("to", "2026-03-01T13:30:00+01:00"), ("resolution", "minute")])
        #expect(ISO8601Time.format(query.from) == "2026-03-01T00:00:00Z")
        #expect(ISO8601Time.format(query.to) == "2026-03-01T12:30:00Z")
        #expect(try parse([("from", "1772280000"), ("to", "1772366400")]).from == Date(timeIntervalSince1970: 1_772_280_000))
    }

    @Test("clear errors", arguments: [
        ([("since", "x")], "unknown parameter 'since'"),
        ([("from", "2026-03-01"), ("from", "2026-03-01")], "'from' is given more than once"),
        ([("resolution", "second")], "resolution: expected minute, hour or day, found 'second'"),
        ([("from", "yesterday")], "from: expected an ISO 8601 time"),
        ([("to", "2026-02-30")], "to: expected an ISO 8601 time"),
        ([("from", "2026-03-01T12:00:00Z"), ("to", "2026-03-01T12:00:00Z")], "must be before to"),
        ([("from", "2026-01-01"), ("resolution", "minute")], "too long for resolution=minute: at most 2 days; use resolution=hour"),
    ])
    func errors(pairs: [(String, String)], fragment: String) {
        do {
            _ = try parse(pairs)
            Issue.record("accepted \(pairs)")
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test("ISO 8601 round trip and edge cases")
    func iso() {
        for seconds in [0.0, 951_782_400, 1_772_366_400, 4_102_444_799, -86_400] {
            let date = Date(timeIntervalSince1970: seconds)
            #expect(ISO8601Time.parse(ISO8601Time.format(date)) == date)
        }
        #expect(ISO8601Time.format(Date(timeIntervalSince1970: 951_782_400)) == "2000-02-29T00:00:00Z")
        #expect(ISO8601Time.parse("2026-03-01T12:00:00.5Z") == Date(timeIntervalSince1970: 1_772_366_400.5))
        for bad in ["2026-3-1", "2026-03-01T25:00:00Z", "2026-03-01T12:00:00", "2026-03-01T12:00Zx", ""] {
            #expect(ISO8601Time.parse(bad) == nil, "\(bad)")
        }
    }

    @Test("the in-memory history filters by range and resolution")
    func inMemory() throws {
        let points = (0..<5).map { HistoryPoint(time: now.addingTimeInterval(Double($0) * 3600), aqi: $0) }
        let history = InMemoryHistory([.hour: points.reversed()])
        let result = try history.history(HistoryQuery(from: now.addingTimeInterval(3600), to: now.addingTimeInterval(3 * 3600), resolution: .hour))
        #expect(result.map(\.aqi) == [1, 2])
        #expect(try history.history(HistoryQuery(from: now, to: now.addingTimeInterval(9999), resolution: .day)).isEmpty)
    }
}
