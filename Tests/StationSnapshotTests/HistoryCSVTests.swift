import Foundation
import StationSnapshot
import Synchronization
import Testing

/// A provider that records every query it answers, with a point per bucket.
final class CountingHistory: HistoryProvider {
    let queries = Mutex<[HistoryQuery]>([])

    func history(_ query: HistoryQuery) throws -> [HistoryPoint] {
        queries.withLock { $0.append(query) }
        var points: [HistoryPoint] = []
        var time = query.from
        while time < query.to {
            points.append(HistoryPoint(time: time, pm1_0: 1, pm2_5: 2.25, pm10: 3, aqi: 9, samples: 60))
            time = time.addingTimeInterval(query.resolution.seconds)
        }
        return points
    }
}

@Suite("History CSV")
struct HistoryCSVTests {
    let start = Date(timeIntervalSince1970: 1_772_366_400)  // 2026-03-01T12:00:00Z

    @Test("the header names each column with its unit; lines end in CRLF")
    func header() {
        #expect(HistoryCSV.header == "time,pm1_0_ug_m3,pm2_5_ug_m3,pm10_ug_m3,aqi,samples\r\n")
    }

    @Test("a row: ISO time, concentrations to a tenth, empty fields for missing values")
    func row() {
        let full = HistoryPoint(time: start, pm1_0: 4.06, pm2_5: 12.25, pm10: 0, aqi: 57, samples: 3600)
        #expect(HistoryCSV.row(full) == "2026-03-01T12:00:00Z,4.1,12.3,0.0,57,3600\r\n")
        let sparse = HistoryPoint(time: start, pm2_5: 9, samples: 1)
        #expect(HistoryCSV.row(sparse) == "2026-03-01T12:00:00Z,,9.0,,,1\r\n")
    }

    @Test("fields with a comma, quote, CR or LF are quoted, inner quotes doubled (RFC 4180 §2)")
    func quoting() {
        #expect(HistoryCSV.field("plain") == "plain")
        #expect(HistoryCSV.field("a,b") == "\"a,b\"")
        #expect(HistoryCSV.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(HistoryCSV.field("two\nlines") == "\"two\nlines\"")
        #expect(HistoryCSV.field("cr\r\nlf") == "\"cr\r\nlf\"")
        #expect(HistoryCSV.line(["x", "y,z"]) == "x,\"y,z\"\r\n")
    }

    @Test("the file name carries the resolution and the range")
    func fileName() {
        let query = HistoryQuery(from: start, to: start.addingTimeInterval(86_400), resolution: .hour)
        #expect(HistoryCSV.fileName(query) == "breeze-station-hour-20260301T120000Z-20260302T120000Z.csv")
    }

    @Test("ten years of days are read in pages of at most 500 buckets, each row once, in order")
    func paging() throws {
        let provider = CountingHistory()
        let query = HistoryQuery(from: start, to: start.addingTimeInterval(3650 * 86_400), resolution: .day)
        let stream = HistoryCSVStream(query: query, provider: provider)
        var chunks: [[UInt8]] = []
        while let chunk = try stream.next() { chunks.append(chunk) }
        let queries = provider.queries.withLock { $0 }
        #expect(queries.count == 8)
        #expect(queries.allSatisfy { $0.to.timeIntervalSince($0.from) <= 500 * 86_400 })
        #expect(queries.first?.from == query.from && queries.last?.to == query.to)
        #expect(chunks.count == 9)  // the header, then one chunk per page
        let lines = String(decoding: chunks.joined(), as: UTF8.self).components(separatedBy: "\r\n")
        #expect(lines.first == "time,pm1_0_ug_m3,pm2_5_ug_m3,pm10_ug_m3,aqi,samples")
        #expect(lines.count == 3650 + 2)  // header, rows, and the empty string after the last CRLF
        #expect(Set(lines.dropFirst().dropLast()).count == 3650)
    }

    @Test("an error of the store reaches the reader of the stream")
    func failure() throws {
        struct Broken: HistoryProvider {
            struct Failure: Error {}
            func history(_ query: HistoryQuery) throws -> [HistoryPoint] { throw Failure() }
        }
        let stream = HistoryCSVStream(
            query: HistoryQuery(from: start, to: start.addingTimeInterval(3600), resolution: .minute), provider: Broken())
        #expect(try stream.next() != nil)
        #expect(throws: Broken.Failure.self) { try stream.next() }
    }
}
