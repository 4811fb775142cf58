import Foundation
import Synchronization
import Testing

/// `breeze-station leds ...` as users run it, with the terminal backend (no GPIO in CI) and the real libgpiod
/// path for the GPIO errors.
@Suite("leds command", .serialized)
struct LEDsCommandTests {
    /// A configuration file in a temporary directory.
    static func config(_ json: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("leds-\(UUID().uuidString).json")
        try json.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// The station binary running in the background, its stdout collected as it comes.
    final class Running: Sendable {
        let process: Process
        private let output = Mutex(Data())

        init(_ arguments: [String]) throws {
            process = Process()
            process.executableURL = StationBinary.url
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                self?.output.withLock { $0.append(data) }
            }
            try process.run()
        }

        var stdout: String { String(decoding: output.withLock { $0 }, as: UTF8.self) }

        /// Waits (up to `timeout` seconds) until stdout contains `text`, without holding a pool thread.
        func waitFor(_ text: String, timeout: Double = 20) async -> Bool {
            let deadline = Date().addingTimeInterval(timeout)
            while !stdout.contains(text) {
                if Date() > deadline { return false }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return true
        }

        /// Sends `signal` and waits (up to 20 s) for the exit; returns the status, or -1 after killing a
        /// process that did not stop, so a lost signal fails the test instead of hanging it.
        func stop(with signal: Int32) async -> Int32 {
            kill(process.processIdentifier, signal)
            let deadline = Date().addingTimeInterval(20)
            while process.isRunning && Date() < deadline { try? await Task.sleep(for: .milliseconds(10)) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                while process.isRunning { try? await Task.sleep(for: .milliseconds(10)) }
                return -1
            }
            // Let the last output arrive.
            try? await Task.sleep(for: .milliseconds(50))
            return process.terminationStatus
        }
    }

    static let terminalConfig = #"{"station": {"name": "ignored"}, "leds": {"backend": "terminal"}}"#

    @Test("leds --help shows the usage of the three actions")
    func help() async throws {
        let result = try await StationBinary.run(["leds", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("Usage: breeze-station leds test"))
        #expect(result.stdout.contains("breeze-station leds chips [--lines]"))
    }

    @Test("bad actions and arguments exit 2 with one line naming the problem")
    func usage() async throws {
        let cases: [([String], String)] = [
            (["leds"], "missing action: test, show or chips"),
            (["leds", "blink"], "unknown action 'blink' (expected test, show or chips)"),
            (["leds", "show"], "missing --aqi N"),
            (["leds", "show", "--aqi", "-3"], "invalid --aqi '-3'"),
            (
                ["leds", "show", "--aqi", "50", "--health", "meh"],
                "invalid --health 'meh' (expected ok, stale or fault)"
            ),
            (["leds", "test", "--step", "0"], "invalid --step '0'"),
            (["leds", "chips", "--json"], "unknown option '--json'"),
        ]
        for (arguments, message) in cases {
            let result = try await StationBinary.run(arguments)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
    }

    @Test("leds test sweeps every level and pattern on the terminal, naming each step")
    func testSweep() async throws {
        let path = try Self.config(Self.terminalConfig)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await StationBinary.run(["leds", "test", "--step", "0.05", "--config", path])
        #expect(result.status == 0, "\(result.stderr)")
        let out = result.stdout
        #expect(out.contains("LED test on terminal: rgb, 3 line(s) (leds section of \(path)): 12 steps, 50 ms each"))
        #expect(out.contains("[1/12] self-test sweep: red, green, blue, then the seven level colours"))
        // The default palette is the Breeze app's (AQIStatus): Moderate #ff9500.
        #expect(out.contains("[4/12] Moderate (AQI 51-100), local value: steady #ff9500"))
        #expect(
            out.contains("[10/12] Moderate (AQI 51-100), regional fallback (Open-Meteo): #ff9500, blue for the last"))
        #expect(out.contains("[12/12] fault: blue, blinking fast (4 Hz)"))
        #expect(out.contains("done: LEDs off, lines released"))
        // Drawn in 24-bit colour: AQIStatus Moderate orange, and off at the end.
        #expect(out.contains("\u{1B}[38;2;255;149;0m●"))
        #expect(out.contains("off"))
    }

    @Test("leds show holds the state until SIGTERM, then turns the LEDs off", arguments: [SIGTERM, SIGINT])
    func showUntilSignal(_ signal: Int32) async throws {
        let path = try Self.config(Self.terminalConfig)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let running = try Running(["leds", "show", "--aqi", "120", "--health", "stale", "--config", path])
        #expect(await running.waitFor("Showing AQI 120: Unhealthy for Sensitive Groups, regional fallback (Open-Meteo)"))
        #expect(await running.waitFor("#ff6b00 with 1 dark gap"))
        let status = await running.stop(with: signal)
        let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
        #expect(status == 0)
        let out = running.stdout
        #expect(out.contains("stopped by \(name): LEDs off, lines released"))
        // The last LED drawn before the message is off.
        let beforeStop = out.components(separatedBy: "stopped by").first ?? ""
        #expect(
            beforeStop.components(separatedBy: "\r\u{1B}[2K").last(where: { $0.hasPrefix("LED ") })?.trimmingCharacters(
                in: .whitespacesAndNewlines
            ).hasSuffix("off") == true)
    }

    @Test("leds test stops early on SIGINT with the LEDs off")
    func testInterrupted() async throws {
        let path = try Self.config(Self.terminalConfig)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let running = try Running(["leds", "test", "--config", path])
        #expect(await running.waitFor("[1/12] self-test sweep"))
        #expect(await running.stop(with: SIGINT) == 130)
        #expect(running.stdout.contains("interrupted by SIGINT: LEDs off, lines released"))
    }

    @Test("a configured chip this machine does not have is a GPIO error listing the chips")
    func missingChip() async throws {
        let path = try Self.config(#"{"leds": {"chip": "breeze-test-label", "red": 5, "green": 6, "blue": 13}}"#)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await StationBinary.run(["leds", "show", "--aqi", "40", "--config", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("breeze-station leds: no GPIO chip labelled \"breeze-test-label\"; "))
    }

    @Test("an invalid leds section exits 78 with every problem and its key path; other sections are ignored")
    func invalidConfig() async throws {
        let path = try Self.config(
            #"{"sensor": {"anything": 1}, "leds": {"chip": "pinctrl-rp1", "red": 5, "green": 5, "pwm": false, "#
                + #""brightness": 0.3}}"#
        )
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try await StationBinary.run(["leds", "test", "--config", path])
        #expect(result.status == 78)
        #expect(result.stderr.contains("invalid configuration in \(path):"))
        #expect(result.stderr.contains("  leds.blue: required for kind \"rgb\""))
        #expect(result.stderr.contains("  leds.green: the same line as red (offset 5)"))
        #expect(result.stderr.contains("  leds.brightness: below 1 needs \"pwm\": true"))
        #expect(!result.stderr.contains("sensor"))
    }

    static var noChips: Bool {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []).allSatisfy { !$0.hasPrefix("gpiochip") }
    }

    @Test("leds chips on a machine without GPIO says so and exits 1", .enabled(if: noChips))
    func chipsWithoutGPIO() async throws {
        let result = try await StationBinary.run(["leds", "chips"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no GPIO chips in /dev"))
    }
}
