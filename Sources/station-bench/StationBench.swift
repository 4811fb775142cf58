import Foundation
import HTTPTestSupport
import OpenMeteoTestSupport
import SensorEmulation
import SensorRuntime
import Sensors

/// Runs `breeze-station run` against an emulated PMS5003 on a pty (read every second), a fake Open-Meteo
/// (reference, three cities, pollen, climate) and the terminal LEDs (a steady colour), with the history in a
/// temporary directory, and measures it from outside through /proc.
enum StationBench {
    static func main(arguments: [String]) async -> Int32 {
        guard let binary = arguments.first else {
            print("usage: station-bench BREEZE-STATION [SECONDS] [STARTS]")
            return 2
        }
        let seconds = arguments.count > 1 ? Int(arguments[1]) ?? 60 : 60
        let starts = arguments.count > 2 ? Int(arguments[2]) ?? 10 : 10
        do {
            try await run(binary: binary, seconds: seconds, starts: starts)
            return 0
        } catch {
            print("station-bench: \(error)")
            return 1
        }
    }

    static func run(binary: String, seconds: Int, starts: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("station-bench-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let link = directory.appendingPathComponent("sensor").path
        guard let device = SensorEmulators.serialDevice(.pms5003, scenario: .diurnal(mean: 12), start: Date()) else {
            throw BenchError("no PMS5003 emulator")
        }
        let emulator = PseudoTerminalEmulator(device: device, link: link)
        try emulator.start()
        try await Task.sleep(for: .seconds(4))  // past the emulator's 3 s of all-zero frames after power-up
        let port = UInt16(unusedLoopbackPort())
        let config = directory.appendingPathComponent("config.json")
        let base = fake.server.baseURL
        try Data(
            """
            {"station": {"name": "Bench", "latitude": 52.52, "longitude": 13.41},
             "sensor": {"model": "pms5003", "serial": {"path": "\(link)"}, "interval_s": 1, "warm_up_s": 5,
                        "correction": "epa-2021"},
             "leds": {"backend": "terminal", "kind": "rgb", "palette": "breeze", "self_test": false},
             "http": {"listen": "127.0.0.1:\(port)"},
             "openmeteo": {"air_quality_url": "\(base)/v1/air-quality", "geocoding_url": "\(base)/v1/search",
                           "archive_url": "\(base)/v1/archive", "forecast_url": "\(base)/v1/forecast",
                           "interval_s": 60, "cities": [{"name": "Delhi", "latitude": 28.61, "longitude": 77.21},
                           {"name": "Paris", "latitude": 48.86, "longitude": 2.35}]},
             "storage": {"path": "\(directory.path)/history.db"},
             "log": {"level": "info"}}
            """.utf8
        ).write(to: config)

        print("station-bench: \(binary) (\(fileSize(binary) / 1_000_000) MB), everything on: PMS5003 on a pty at 1 Hz, "
              + "EPA correction with Open-Meteo humidity, fake Open-Meteo (reference, 2 cities, pollen, climate), "
              + "terminal LEDs, SQLite history, HTTP on 127.0.0.1:\(port)")

        var times: [Double] = []
        for _ in 0..<starts {
            let process = try launch(binary, config: config.path)
            let start = Date()
            let ok = await firstOK(port: port, process: process, timeout: 10)
            if ok { times.append(Date().timeIntervalSince(start) * 1000) }
            await stop(process)
        }
        times.sort()
        if times.isEmpty {
            print("exec → first HTTP 200 on /api/v1/current: never (the station did not serve)")
        } else {
            print("exec → first HTTP 200 on /api/v1/current: median \(Int(times[times.count / 2].rounded())) ms, "
                  + "min \(Int(times[0].rounded())) ms, max \(Int(times[times.count - 1].rounded())) ms over \(times.count) starts (goal ≤ 200 ms)")
        }

        let process = try launch(binary, config: config.path)
        guard await firstOK(port: port, process: process, timeout: 30) else {
            await stop(process)
            throw BenchError("the station did not serve")
        }
        let pid = process.processIdentifier
        let warmUp = min(15, max(1, seconds / 4))
        try await Task.sleep(for: .seconds(warmUp))
        let cpuStart = cpuSeconds(pid)
        let wallStart = Date()
        var samples: [Int] = []
        for second in 0..<seconds {
            try await Task.sleep(for: .seconds(1))
            if let rss = status(pid, "VmRSS") { samples.append(rss) }
            // A light client: Prometheus every 10 s, a dashboard every 5 s.
            if second % 10 == 0 { _ = try? RawHTTPClient.request("GET", "/metrics", port: port) }
            if second % 5 == 0 { _ = try? RawHTTPClient.request("GET", "/api/v1/current", port: port) }
        }
        let cpu = (cpuSeconds(pid) - cpuStart) / Date().timeIntervalSince(wallStart) * 100
        let peak = status(pid, "VmHWM") ?? 0
        let anonymous = status(pid, "RssAnon") ?? 0
        let fileBacked = status(pid, "RssFile") ?? 0
        let proportional = rollup(pid, "Pss") ?? 0
        let threads = status(pid, "Threads") ?? 0
        let current = (try? RawHTTPClient.request("GET", "/api/v1/current", port: port).text) ?? ""
        await stop(process)
        await emulator.stop()
        samples.sort()
        let median = samples.isEmpty ? 0 : samples[samples.count / 2]
        print("steady RSS over \(seconds) s after \(warmUp) s: median \(kib(median)), last \(kib(samples.last ?? 0)), "
              + "peak (VmHWM) \(kib(peak)) (goal ≤ 12 MB)")
        print("  of which anonymous (heap, stacks: the station's own) \(kib(anonymous)), file-backed (code of the "
              + "executable and the shared libraries: clean, reclaimable, shared) \(kib(fileBacked)); "
              + "PSS \(kib(proportional)); \(threads) threads")
        print("CPU at 1 Hz sampling: \(String(format: "%.2f", cpu)) % of a core over \(seconds) s (goal ≤ 1 %)")
        let served = current.contains("\"source\":\"local\"") ? "local AQI served" : "no local AQI served"
        print("check: \(served); \(current.contains("\"status\":\"ok\"") ? "reference ok" : "reference not ok")")
    }

    static func launch(_ binary: String, config: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["run", "--config", config]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Polls /api/v1/current until it answers 200.
    static func firstOK(port: UInt16, process: Process, timeout: Double) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, process.isRunning {
            if let exchange = try? RawHTTPClient.request("GET", "/api/v1/current", port: port, timeout: 1),
                exchange.status == 200
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(1))
        }
        return false
    }

    static func stop(_ process: Process) async {
        guard process.isRunning else { return }
        process.terminate()
        while process.isRunning { try? await Task.sleep(for: .milliseconds(5)) }
    }

    /// utime + stime of `pid`, seconds.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return 0 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// A `kB` field of /proc/PID/status.
    static func status(_ pid: Int32, _ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        }
        return nil
    }

    /// A `kB` field of /proc/PID/smaps_rollup.
    static func rollup(_ pid: Int32, _ field: String) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(field + ":") {
            return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        }
        return nil
    }

    static func kib(_ value: Int) -> String { String(format: "%.1f MB", Double(value) / 1024) }

    static func fileSize(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int) ?? 0
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
