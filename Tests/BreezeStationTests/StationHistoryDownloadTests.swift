import AirQuality
import Foundation
import JSON
import SensorEmulation
import SensorRuntime
import Sensors
import Storage
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `/api/v1/history.csv` from a running station, read by Python's csv module over a real HTTP response, and
/// `breeze-station export` on the same database giving the same bytes.
@Suite("History downloads: /api/v1/history.csv and export", .serialized)
struct StationHistoryDownloadTests {
    /// Fetches `url` with urllib; writes the body to `body`; prints the status, headers and the csv module's rows
    /// as JSON (or the JSON error body for a status ≥ 400).
    static let client = #"""
        import csv, io, json, sys, urllib.request, urllib.error
        url, out = sys.argv[1], sys.argv[2]
        try:
            response = urllib.request.urlopen(url, timeout=60)
            status = response.status
        except urllib.error.HTTPError as error:
            response = error
            status = error.code
        body = response.read()
        open(out, "wb").write(body)
        result = {"status": status, "content_type": response.headers.get("Content-Type"),
                  "disposition": response.headers.get("Content-Disposition"),
                  "crlf": body.count(b"\r\n") == body.count(b"\n")}
        if status == 200 and "csv" in (result["content_type"] or ""):
            rows = list(csv.reader(io.StringIO(body.decode("utf-8"), newline="")))
            result["header"] = rows[0]
            result["rows"] = rows[1:]
            result["records"] = [dict(zip(rows[0], row)) for row in rows[1:]][:3]
        else:
            result["error"] = json.loads(body)
        print(json.dumps(result))
        """#

    static func elements(_ value: JSONValue?) -> [JSONValue] {
        if case .array(let elements)? = value { return elements }
        return []
    }

    static func python(_ arguments: [String]) async throws -> JSONValue {
        let output: Data = try await withCheckedThrowingContinuation { continuation in
            Thread {
                continuation.resume(with: Result {
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                    process.arguments = ["-c", client] + arguments
                    let pipe = Pipe()
                    process.standardOutput = pipe
                    try process.run()
                    let data = pipe.fileHandleForReading.readDataToEndOfFile()
                    process.waitUntilExit()
                    return data
                })
            }.start()
        }
        return try JSONValue.parse(Array(output))
    }

    @Test("a real response opens in Python's csv module with the documented header; export gives the same bytes, CSV and JSON")
    func downloadMatchesExport() async throws {
        let directory = try scratchDirectory("history-csv")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Three past hours of stored minutes (PM2.5 rising 0.1 µg/m³ a minute), before the station starts.
        let hourNow = Int64(Date().timeIntervalSince1970 / 3600)
        let firstMinute = (hourNow - 4) * 60
        let database = directory.appendingPathComponent("state/history.db").path
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("state"), withIntermediateDirectories: true)
        let store = try HistoryStore(path: database)
        try store.append((0..<180).map { offset in
            let pm25 = 5 + Double(offset) / 10
            return MinuteAggregate(
                minute: firstMinute + Int64(offset), count: 60, pm1: Statistic(pm25 * 0.6),
                pm25: Statistic(mean: pm25, minimum: pm25, maximum: pm25), pm10: Statistic(pm25 * 1.5))
        })
        store.close()

        let link = directory.appendingPathComponent("sensor").path
        let device = try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 5), start: Date()))
        let emulator = PseudoTerminalEmulator(device: device, link: link)
        try emulator.start()
        let config = directory.appendingPathComponent("config.json")
        try Data(
            """
            {"sensor": {"model": "pms5003", "serial": {"path": "\(link)"}, "interval_s": 1, "warm_up_s": 2},
             "http": {"listen": "127.0.0.1:0", "announce": false}, "storage": {"path": "\(database)"}}
            """.utf8
        ).write(to: config)
        let station = try StationProcess(["run", "--config", config.path])
        let port = try await station.servingPort()

        let from = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double(firstMinute * 60)))
        let to = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: Double((firstMinute + 180) * 60)))
        let body = directory.appendingPathComponent("download.csv")
        let base = "http://127.0.0.1:\(port)"
        let result = try await Self.python(
            ["\(base)/api/v1/history.csv?resolution=minute&from=\(from)&to=\(to)", body.path])
        #expect(result["status"] == 200)
        #expect(result["content_type"] == "text/csv; charset=utf-8; header=present")
        let compact = { (text: String) in text.filter { $0 != "-" && $0 != ":" } }
        #expect(result["disposition"] == .string("attachment; filename=\"breeze-station-minute-\(compact(from))-\(compact(to)).csv\""))
        #expect(result["crlf"] == true)
        #expect(result["header"] == ["time", "pm1_0_ug_m3", "pm2_5_ug_m3", "pm10_ug_m3", "aqi", "samples"])
        #expect(Self.elements(result["rows"]).count == 180)
        let records = Self.elements(result["records"])
        try #require(records.count == 3)
        let first = records[0]
        #expect(first["time"] == .string(from))
        #expect(first["pm2_5_ug_m3"] == "5.0")
        #expect(first["pm1_0_ug_m3"] == "3.0")
        #expect(first["samples"] == "60")
        #expect(records[2]["pm2_5_ug_m3"] == "5.2")

        // The same query offline: byte for byte.
        let downloaded = try Data(contentsOf: body)
        let export = try await StationBinary.run(
            ["export", "--resolution", "minute", "--from", from, "--to", to, "--format", "csv",
             "--config", config.path, "--state-dir", directory.appendingPathComponent("state").path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(Data(export.stdout.utf8) == downloaded)

        // Hours, and JSON: /api/v1/history and export --format json.
        let json = directory.appendingPathComponent("download.json")
        let hourly = try await Self.python(["\(base)/api/v1/history.csv?resolution=hour&from=\(from)&to=\(to)", body.path])
        #expect(Self.elements(hourly["rows"]).count == 3)
        let hourlyExport = try await StationBinary.run(
            ["export", "--resolution", "hour", "--from", from, "--to", to, "--config", config.path])
        #expect(Data(hourlyExport.stdout.utf8) == (try Data(contentsOf: body)))
        _ = try await Self.python(["\(base)/api/v1/history?resolution=hour&from=\(from)&to=\(to)", json.path])
        let jsonExport = try await StationBinary.run(
            ["export", "--resolution", "hour", "--from", from, "--to", to, "--format", "json", "--config", config.path])
        #expect(jsonExport.status == 0, "\(jsonExport.stderr)")
        #expect(Data(jsonExport.stdout.utf8) == (try Data(contentsOf: json)))

        // A bad parameter: JSON, like /api/v1/history's.
        let bad = try await Self.python(["\(base)/api/v1/history.csv?resolution=week", body.path])
        #expect(bad["status"] == 400)
        #expect(bad["content_type"] == "application/json; charset=utf-8")
        #expect(bad["error"]?["error"] == "resolution: expected minute, hour or day, found 'week'")

        station.send(SIGTERM)
        _ = await station.waitForExit(within: 30)
        await emulator.stop()
    }

    @Test("export: a missing database, a bad format or query are refused with what is wrong")
    func exportErrors() async throws {
        let directory = try scratchDirectory("export-errors")
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try await StationBinary.run(["export", "--state-dir", directory.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("no history database at \(directory.path)/history.db"))
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("history.db").path))
        let format = try await StationBinary.run(["export", "--format", "xml", "--state-dir", directory.path])
        #expect(format.status == 2)
        #expect(format.stderr.contains("--format: expected csv or json, found 'xml'"))
        let range = try await StationBinary.run(
            ["export", "--resolution", "minute", "--from", "2025-01-01", "--to", "2025-02-01", "--state-dir", directory.path])
        #expect(range.status == 2)
        #expect(range.stderr.contains("the range is too long for resolution=minute"))
    }
}
