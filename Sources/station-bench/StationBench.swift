import Foundation
import HTTPTestSupport
import MQTTTestSupport
import OpenMeteoTestSupport
import SensorEmulation
import SensorRuntime
import Sensors

/// Runs `breeze-station run` with everything on: an emulated PMS5003 on a pty (read every second), a fake
/// Open-Meteo (reference, two cities, pollen, climate), MQTT to a real mosquitto on loopback, the terminal
/// LEDs (a steady colour, no PWM), the history in SQLite in a temporary directory; and measures it from
/// outside through /proc. Printed, never asserted (docs/performance.md says how to read the figures).
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
        let broker = try await MosquittoBroker()
        try await broker.start()
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
             "mqtt": {"url": "mqtt://127.0.0.1:\(broker.port)"},
             "storage": {"path": "\(directory.path)/history.db"},
             "log": {"level": "info"}}
            """.utf8
        ).write(to: config)

        let size = ProcessFigures.fileSize(binary)
        let stripped = ProcessFigures.strippedSize(binary).map { ", \(mb($0)) stripped as make deb ships it" } ?? ""
        print("station-bench: \(binary): \(mb(size)) as make install installs it\(stripped)")
        print("  everything on: PMS5003 on a pty at 1 Hz, EPA correction with Open-Meteo humidity, fake Open-Meteo "
              + "(reference, 2 cities, pollen, climate), MQTT to mosquitto on 127.0.0.1:\(broker.port), terminal LEDs "
              + "(PWM off), SQLite history, HTTP on 127.0.0.1:\(port)")

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

        // BENCH_CALLGRIND=FILE: the measured process runs under callgrind, counting only the idle window:
        // instructions per sample, repeatable on a loaded machine (CPU figures are then meaningless).
        let callgrind = ProcessInfo.processInfo.environment["BENCH_CALLGRIND"].flatMap { $0.isEmpty ? nil : $0 }
        let process = try launch(binary, config: config.path, callgrind: callgrind)
        guard await firstOK(port: port, process: process, timeout: callgrind == nil ? 30 : 600) else {
            await stop(process)
            throw BenchError("the station did not serve")
        }
        let pid = process.processIdentifier
        // Past `run`'s release of the start-up code pages, 30 s after it serves (StartUpPages).
        let warmUp = 35
        try await Task.sleep(for: .seconds(warmUp))

        // Nobody reading HTTP: what the station costs while nobody is looking. The sample counter is read
        // just outside the window (two renders of /metrics, neither inside it).
        let samplesStart = sampleCount(port: port)
        if callgrind != nil {
            control(pid, "-z")
            control(pid, "-i", "on")
        }
        let cpuStart = ProcessFigures.cpuSeconds(pid)
        let scheduledStart = ProcessFigures.scheduledSeconds(pid)
        let threadsStart = ThreadFigures.read(pid)
        let wallStart = Date()
        var rss: [Int] = []
        for _ in 0..<seconds {
            try await Task.sleep(for: .seconds(1))
            if let value = ProcessFigures.status(pid, "VmRSS") { rss.append(value) }
        }
        let idleCPU = ProcessFigures.cpuSeconds(pid) - cpuStart
        let idleScheduled = ProcessFigures.scheduledSeconds(pid) - scheduledStart
        let idleThreads = ThreadFigures.read(pid).since(threadsStart)
        let idleWall = Date().timeIntervalSince(wallStart)
        if callgrind != nil {
            control(pid, "-d")
            control(pid, "-i", "off")
        }
        let breakdown = ProcessFigures.breakdown(pid, binary: binary)
        let samples = max(0, (sampleCount(port: port) ?? 0) - (samplesStart ?? 0))

        // A light client: Prometheus every 10 s, a dashboard every 5 s.
        let readSeconds = min(seconds, 30)
        let readCPUStart = ProcessFigures.cpuSeconds(pid)
        let readWallStart = Date()
        for second in 0..<readSeconds {
            if second % 10 == 0 { _ = try? RawHTTPClient.request("GET", "/metrics", port: port) }
            if second % 5 == 0 { _ = try? RawHTTPClient.request("GET", "/api/v1/current", port: port) }
            try await Task.sleep(for: .seconds(1))
        }
        let readCPU = ProcessFigures.cpuSeconds(pid) - readCPUStart
        let readWall = Date().timeIntervalSince(readWallStart)
        let peak = ProcessFigures.status(pid, "VmHWM") ?? 0
        let proportional = ProcessFigures.status(pid, "Pss", file: "smaps_rollup") ?? 0
        let threads = ProcessFigures.status(pid, "Threads") ?? 0
        let current = (try? RawHTTPClient.request("GET", "/api/v1/current", port: port).text) ?? ""
        let metrics = (try? RawHTTPClient.request("GET", "/metrics", port: port).text) ?? ""
        await stop(process)
        await emulator.stop()
        await broker.stop()

        rss.sort()
        let median = rss.isEmpty ? 0 : rss[rss.count / 2]
        print("steady RSS over \(seconds) s after \(warmUp) s, nobody reading: median \(kib(median)), "
              + "last \(kib(rss.last ?? 0)), peak (VmHWM, after the readers too) \(kib(peak)); PSS \(kib(proportional)); "
              + "\(threads) threads (goal ≤ 16 MB, stretch 12 MB)")
        if let b = breakdown { printBreakdown(b) }
        let perThousand = samples > 0 ? idleCPU / Double(samples) * 1000 : .nan
        print("CPU at 1 Hz, nobody reading HTTP: \(String(format: "%.2f", idleCPU)) s over \(Int(idleWall)) s and "
              + "\(samples) samples = \(String(format: "%.2f", perThousand)) CPU s per 1000 samples, "
              + "\(String(format: "%.3f", idleCPU / idleWall * 100)) % of a core (goal ≤ 0.08 %)")
        let scheduledPerThousand = samples > 0 ? idleScheduled / Double(samples) * 1000 : .nan
        print("  by schedstat (ns, live threads): \(String(format: "%.3f", idleScheduled)) s = "
              + "\(String(format: "%.2f", scheduledPerThousand)) CPU s per 1000 samples, "
              + "\(String(format: "%.3f", idleScheduled / idleWall * 100)) % of a core")
        printThreads(idleThreads, seconds: idleWall)
        if let callgrind {
            let instructions = callgrindInstructions(callgrind)
            let perSample = samples > 0 ? instructions / samples : 0
            print("callgrind: \(instructions) instructions over \(samples) samples = \(perSample) per sample "
                  + "(callgrind_annotate \(callgrind).*; CPU figures above are under valgrind)")
        }
        print("CPU with a light reader (/metrics every 10 s, /api/v1/current every 5 s): "
              + "\(String(format: "%.3f", readCPU / readWall * 100)) % of a core over \(Int(readWall)) s")
        print("  (CPU from /proc/PID/stat utime+stime, in clock ticks of 10 ms: short windows are coarse)")
        let served = current.contains("\"source\":\"local\"") ? "local AQI served" : "no local AQI served"
        let reference = current.contains("\"status\":\"ok\"") ? "reference ok" : "reference not ok"
        let mqtt = metrics.contains("breeze_mqtt_connected 1") ? "MQTT connected" : "MQTT not connected"
        print("check: \(served); \(reference); \(mqtt)")
    }

    static func printBreakdown(_ b: ProcessFigures.Breakdown) {
        print("  smaps: the binary's file pages \(kib(b.binaryCode + b.binaryReadOnly + b.binaryWritable)) "
              + "(code \(kib(b.binaryCode)), read-only data \(kib(b.binaryReadOnly)), writable data "
              + "\(kib(b.binaryWritable)); private clean \(kib(b.binaryPrivateClean)), private dirty \(kib(b.binaryPrivateDirty)))")
        let top = b.libraries.prefix(4).map { "\($0.name) \(kib($0.kB))" }.joined(separator: ", ")
        print("         shared libraries \(kib(b.sharedLibraries)) (of which private dirty \(kib(b.sharedLibrariesPrivate)); \(top))")
        print("         anonymous: heap (brk) \(kib(b.heap)), other anonymous (malloc arenas, mmap) "
              + "\(kib(b.otherAnonymous)), stacks \(kib(b.threadStacks)) (\(b.stackCount) thread stacks) + main "
              + "\(kib(b.mainStack)); other \(kib(b.other)); total \(kib(b.total))")
    }

    /// The idle window by thread: CPU and wake-ups per second (a wake-up costs a context switch and cold
    /// caches, which an instruction count does not show).
    static func printThreads(
        _ threads: [(name: String, count: Int, nanoseconds: UInt64, wakeUps: UInt64, preempted: UInt64)],
        seconds: Double
    ) {
        let wakeUps = threads.reduce(0) { $0 + $1.wakeUps }
        print("  wake-ups, nobody reading: \(String(format: "%.1f", Double(wakeUps) / seconds)) per second "
              + "over \(threads.reduce(0) { $0 + $1.count }) threads; by thread name (CPU ms per 1000 s = µs per s):")
        for thread in threads where thread.nanoseconds > 0 || thread.wakeUps > 0 {
            let label = thread.count > 1 ? "\(thread.name) ×\(thread.count)" : thread.name
            print("    \(label.padding(toLength: 20, withPad: " ", startingAt: 0)) "
                  + "\(String(format: "%7.1f", Double(thread.nanoseconds) / 1000 / seconds)) µs/s CPU, "
                  + "\(String(format: "%6.2f", Double(thread.wakeUps) / seconds)) wake-ups/s, "
                  + "\(String(format: "%5.2f", Double(thread.preempted) / seconds)) preempted/s")
        }
    }

    /// `breeze_sensor_samples_total` from /metrics.
    static func sampleCount(port: UInt16) -> Int? {
        guard let text = try? RawHTTPClient.request("GET", "/metrics", port: port).text else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("breeze_sensor_samples_total") {
            return line.split(separator: " ").last.flatMap { Double($0) }.map { Int($0) }
        }
        return nil
    }

    static func launch(_ binary: String, config: String, callgrind: String? = nil) throws -> Process {
        let process = Process()
        if let callgrind {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = [
                "valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=\(callgrind)",
                ProcessFigures.withoutDebugInfo(binary) ?? binary, "run", "--config", config,
            ]
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = ["run", "--config", config]
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// `callgrind_control ARGUMENTS PID`, waited for.
    static func control(_ pid: Int32, _ arguments: String...) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["callgrind_control"] + arguments + [String(pid)]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }

    /// The instructions in callgrind's dumps of `prefix` (the window's dump; collection is off otherwise).
    static func callgrindInstructions(_ prefix: String) -> Int {
        let url = URL(fileURLWithPath: prefix)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)) ?? []
        var total = 0
        for name in names where name.hasPrefix(url.lastPathComponent) {
            let path = url.deletingLastPathComponent().appendingPathComponent(name).path
            for line in (ProcessFigures.read(path) ?? "").split(separator: "\n") where line.hasPrefix("summary:") {
                total += Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
            }
        }
        return total
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

    static func kib(_ value: Int) -> String { String(format: "%.1f MB", Double(value) / 1024) }
    static func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
