import AirQuality
import Clocks
import Foundation
import JSON
import OpenMeteoTestSupport
import SensorEmulation
import SensorRuntime
import Sensors
import Storage
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station run` as systemd runs it, against an emulated PMS5003 on a real pseudo-terminal and a fake
/// Open-Meteo over real TCP, with the terminal LED backend on its stdout.
@Suite("breeze-station run end to end", .serialized)
struct StationRunTests {
    /// A sensor on a pty at `directory/sensor`, a config for it, and the fake's URLs.
    struct Rig {
        let directory: URL
        let emulator: PseudoTerminalEmulator
        let config: URL
        let database: String

        /// `palette`: the `leds.palette` key's value; nil leaves the key out (the default palette). `sections`:
        /// more top-level keys, written as `, "key": {...}`.
        init(_ name: String, pm25: Double, fake: FakeOpenMeteo?, palette: String? = "breeze", sections: String = "") throws {
            directory = try scratchDirectory(name)
            let link = directory.appendingPathComponent("sensor").path
            let device = try #require(
                SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: pm25), start: Date()))
            emulator = PseudoTerminalEmulator(device: device, link: link)
            try emulator.start()
            database = directory.appendingPathComponent("state/history.db").path
            let openMeteo = fake.map { fake in
                """
                , "station": {"name": "Test", "latitude": 52.52, "longitude": 13.41},
                "openmeteo": {"air_quality_url": "\(fake.server.baseURL)/v1/air-quality",
                              "geocoding_url": "\(fake.server.baseURL)/v1/search",
                              "archive_url": "\(fake.server.baseURL)/v1/archive",
                              "forecast_url": "\(fake.server.baseURL)/v1/forecast", "interval_s": 60}
                """
            } ?? ""
            config = directory.appendingPathComponent("config.json")
            try Data(
                """
                {"sensor": {"model": "pms5003", "serial": {"path": "\(link)"}, "interval_s": 1, "warm_up_s": 4,
                            "correction": "none"},
                 "leds": {"backend": "terminal", "kind": "rgb", \(palette.map { "\"palette\": \"\($0)\", " } ?? "")"self_test": false},
                 "http": {"listen": "127.0.0.1:0"},
                 "storage": {"path": "\(database)"},
                 "log": {"level": "info"}\(openMeteo)\(sections)}
                """.utf8
            ).write(to: config)
        }

        func cleanUp() async {
            await emulator.stop()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    func aqi(_ pm25: Double) throws -> Int {
        try #require(try AQICalculator.subIndex(.pm2_5, averaging: .twentyFourHours, concentration: pm25).value)
    }

    @Test("pty → run → AQI, level and LED colour; unplugged → regional fallback on the LEDs; replugged → regional fallback while warming up, local only on a sample taken after the replug; SIGTERM → exit 0 within 2 s, LEDs off, database closed")
    func endToEnd() async throws {
        let fake = try FakeOpenMeteo()
        defer { fake.server.stop() }
        let rig = try Rig("run", pm25: 5, fake: fake)
        let station = try StationProcess(["run", "--config", rig.config.path])
        let port = try await station.servingPort()

        // The sensor's value: AQI of 5 µg/m³ (good), local, the level's colour steady on the LED.
        let localLevel = AQILevel(index: try aqi(5))
        var current = JSONValue.null
        let local = try await station.wait(60) {
            current = try await getJSON("/api/v1/current", port: port)
            return current["aqi"]?["source"] == "local" && current["sensor"]?["health"] == "ok"
        }
        #expect(local, "\(current)\n\(station.stderr)")
        #expect(current["aqi"]?["value"] == .number(Double(try aqi(5))))
        #expect(current["aqi"]?["level"] == .string(localLevel.rawValue))
        #expect(current["leds"]?["pattern"] == "solid")
        #expect(current["leds"]?["color"] == .string(localLevel.color.hex))
        #expect(await station.wait(10) { station.ledFrames.last == localLevel.color.hex }, "\(station.ledFrames.suffix(5))")

        // Unplugged: the pty closes (a pulled USB adapter). Open-Meteo's PM index (61, moderate) with the blue
        // marker: both colours appear on the LED.
        rig.emulator.unplug(for: .seconds(8))
        let fallback = try await station.wait(8) {
            current = try await getJSON("/api/v1/current", port: port)
            return current["aqi"]?["source"] == "open-meteo"
        }
        #expect(fallback, "\(current)")
        #expect(["absent", "stale", "fault"].contains(current["sensor"]?["health"]?.stringValue ?? ""))
        #expect(current["aqi"]?["value"] == 61)
        #expect(current["leds"]?["pattern"] == "marked")
        let regional = AQILevel.moderate.color.hex
        let frameCount = station.ledFrames.count
        #expect(await station.wait(8) {
            let recent = station.ledFrames.dropFirst(frameCount)
            return recent.contains(regional) && recent.contains("#0000ff")
        }, "\(station.ledFrames.suffix(8))")

        // Plugged back in (8 s later): while the sensor warms up (4 s, its frames discarded) the regional value
        // stays, with the reason; `local` only with a fresh sample, taken after the replug (the value from before
        // the unplug is at least 8 s older). The reopen backoff (up to 8 s), the warm-up and a sample: 20 s.
        _ = await station.wait(20) { rig.emulator.devicePath != nil && rig.emulator.unplugCount == 1 }
        let pluggedAt = Date()
        var warmingFallback: JSONValue?
        let back = try await station.wait(20) {
            current = try await getJSON("/api/v1/current", port: port)
            if current["sensor"]?["health"] == "warming_up", warmingFallback == nil { warmingFallback = current }
            return current["aqi"]?["source"] == "local"
        }
        #expect(back, "not local within 20 s of the replug: \(current)")
        let readingTime = try #require(current.readingTime, "\(current)")
        // Whole seconds in the document (time and age_s): 2 s of slack, far from the 8 s of the unplug.
        #expect(readingTime >= pluggedAt.addingTimeInterval(-2), "local on a sample from before the replug: \(current)")
        #expect(current["sensor"]?["health"] == "ok", "\(current)")
        let warming = try #require(warmingFallback, "the warm-up after the replug was never seen")
        #expect(warming["aqi"]?["source"] == "open-meteo", "\(warming)")
        #expect(warming["aqi"]?["source_reason"]?.stringValue?.contains("warming_up") == true, "\(warming)")

        // SIGTERM: exit 0 within 2 s, the LED drawn off last, the database closed and intact.
        let stopped = Date()
        station.send(SIGTERM)
        let exit = await station.waitForExit(within: 10)
        #expect(exit?.status == 0, "\(station.stderr)")
        if let exit { #expect(exit.at.timeIntervalSince(stopped) < 2, "took \(exit.at.timeIntervalSince(stopped)) s") }
        #expect(station.ledFrames.last == "off")
        #expect(station.stderr.contains("history database closed"))
        let store = try HistoryStore(path: rig.database)
        #expect(try store.integrityCheck() == "ok")
        #expect(try store.newestMinute() != nil)
        store.close()
        await rig.cleanUp()
    }

    @Test("no leds.palette: for every level the LED shows aqi.color (AQIStatus), in the API and on the terminal LED")
    func defaultPaletteEveryLevel() async throws {
        // One station per level, all at once (each is mostly waiting for its warm-up): a steady PM2.5 in the
        // middle of each level, as board/hil/scenarios/station-steady-levels.sh uses.
        let levels: [(AQILevel, Double)] = [
            (.excellent, 3), (.good, 7), (.moderate, 20), (.unhealthySensitive, 45), (.unhealthy, 90),
            (.veryUnhealthy, 150), (.hazardous, 300),
        ]
        var stations: [(AQILevel, Rig, StationProcess, UInt16)] = []
        for (level, pm25) in levels {
            let rig = try Rig("level-\(level.rawValue)", pm25: pm25, fake: nil, palette: nil)
            #expect(!(try String(contentsOf: rig.config, encoding: .utf8)).contains("\"palette\""))
            let station = try StationProcess(["run", "--config", rig.config.path])
            stations.append((level, rig, station, try await station.servingPort()))
        }
        for (level, rig, station, port) in stations {
            var current = JSONValue.null
            let local = try await station.wait(60) {
                current = try await getJSON("/api/v1/current", port: port)
                return current["aqi"]?["source"] == "local" && current["sensor"]?["health"] == "ok"
            }
            #expect(local, "\(level): \(current)\n\(station.stderr)")
            #expect(current["aqi"]?["level"] == .string(level.rawValue), "\(current["aqi"] ?? .null)")
            #expect(current["aqi"]?["color"] == .string(level.color.hex))
            #expect(current["leds"]?["color"] == current["aqi"]?["color"], "\(level): \(current["leds"] ?? .null)")
            #expect(current["leds"]?["pattern"] == "solid")
            // The terminal LED draws the same colour (USG between its dark gaps).
            #expect(await station.wait(10) { station.ledFrames.contains(level.color.hex) }, "\(level): \(station.ledFrames.suffix(5))")
            station.send(SIGTERM)
            #expect(await station.waitForExit(within: 10)?.status == 0, "\(station.stderr)")
            await rig.cleanUp()
        }
    }

    @Test("sd_notify: READY=1, WATCHDOG=1 at least every WatchdogSec/2 while the sensor loop turns, none once it stalls, STOPPING=1")
    func watchdog() async throws {
        let rig = try Rig("watchdog", pm25: 12, fake: nil)
        let notify = try FakeNotifySocket(directory: rig.directory)
        defer { notify.stop() }
        let stall = rig.directory.appendingPathComponent("stall").path
        let station = try StationProcess(
            ["run", "--config", rig.config.path],
            environment: ["NOTIFY_SOCKET": notify.path, "WATCHDOG_USEC": "6000000", "BREEZE_STATION_DEBUG_STALL_FILE": stall])
        #expect(await station.wait(60) { !notify.times(of: "READY=1").isEmpty }, "\(station.stderr)")
        let port = try await station.servingPort()
        #expect(try await getJSON("/healthz", port: port)["status"] == "ok")

        // Pings while the loop turns (every WatchdogSec/3 = 2 s): gaps of at most WatchdogSec/2 = 3 s.
        try await Task.sleep(for: .seconds(9))
        let ready = try #require(notify.times(of: "READY=1").first)
        let pings = notify.times(of: "WATCHDOG=1").filter { $0 > ready }
        #expect(pings.count >= 4, "\(notify.messages)")
        let gaps = zip(pings, pings.dropFirst()).map { $1.timeIntervalSince($0) }
        #expect(gaps.allSatisfy { $0 <= 3 }, "\(gaps)")

        // The loop stalls: the pings stop within WatchdogSec (6 s) plus one ping interval (2 s).
        _ = FileManager.default.createFile(atPath: stall, contents: nil)
        let stalledAt = Date()
        try await Task.sleep(for: .seconds(12))
        let late = notify.times(of: "WATCHDOG=1").filter { $0 > stalledAt.addingTimeInterval(8.5) }
        #expect(late.isEmpty, "pings \(late.map { $0.timeIntervalSince(stalledAt) }) s after the stall")
        #expect(station.stderr.contains("withholding watchdog pings"))

        // Released: the pings resume.
        try FileManager.default.removeItem(atPath: stall)
        let releasedAt = Date()
        #expect(await station.wait(10) { notify.times(of: "WATCHDOG=1").contains { $0 > releasedAt } })

        station.send(SIGTERM)
        let exit = await station.waitForExit(within: 10)
        #expect(exit?.status == 0)
        #expect(!notify.times(of: "STOPPING=1").isEmpty)
        await rig.cleanUp()
    }
}

extension JSONValue {
    /// The string, if this is one.
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }
}

extension JSONValue {
    /// When the sensor's latest reading was taken: the document's `time` less `sensor.age_s` (both whole
    /// seconds); nil without either.
    var readingTime: Date? {
        guard let text = self["time"]?.stringValue, let time = ISO8601DateFormatter().date(from: text),
            case .number(let age)? = self["sensor"]?["age_s"]
        else { return nil }
        return time.addingTimeInterval(-age)
    }
}
