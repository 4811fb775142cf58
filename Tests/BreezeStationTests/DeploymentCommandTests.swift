import Foundation
import JSON
import Testing

/// `doctor`, `boards`, and the board examples against `check-config`, through the built binary.
@Suite struct DeploymentCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A machine in a temporary directory for `doctor --root`.
    final class Root {
        let url: URL
        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-e2e-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: url) }

        func write(_ path: String, _ text: String, mode: Int = 0o644) throws {
            let file = url.appendingPathComponent(String(path.dropFirst()))
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: file.path)
        }

        func link(_ path: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(
                atPath: url.appendingPathComponent(String(path.dropFirst())).path, withDestinationPath: target)
        }

        /// A Raspberry Pi 4 whose devices belong to group dialout (the id this process creates files with).
        func pi4(config: String, commandLine: String = "console=tty1 root=PARTUUID=1-02 rootwait") throws {
            try write("/proc/device-tree/model", "Raspberry Pi 4 Model B Rev 1.4\0")
            try write("/boot/firmware/config.txt", "enable_uart=1\ndtparam=i2c_arm=on\n")
            try write("/boot/firmware/cmdline.txt", commandLine + "\n")
            try write("/proc/cmdline", commandLine + "\n")
            try write(
                "/etc/group",
                "tty:x:60005:\ndialout:x:\(getegid()):\ni2c:x:60001:\ngpio:x:60002:\nbreeze-station:x:60003:\n")
            try write(
                "/etc/passwd",
                "root:x:0:0:root:/root:/bin/bash\nbreeze-station:x:60003:60003::/var/lib/breeze-station:/usr/sbin/nologin\n")
            try write("/dev/ttyS0", "", mode: 0o660)
            try link("/dev/serial0", to: "ttyS0")
            try write("/etc/breeze-station/config.json", config)
        }
    }

    @Test func doctorFindsNothingWrongWithAWellSetUpPi() async throws {
        let root = try Root()
        try root.pi4(config: #"{"station": {"name": "e2e"}, "sensor": {"model": "pms5003"}, "http": {"listen": "127.0.0.1:8080"}}"#)
        let result = try await StationBinary.run(["doctor", "--root", root.url.path, "--service"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("ok   board: Raspberry Pi 4 Model B Rev 1.4: profile pi-4b"))
        #expect(result.stdout.contains("ok   serial-console: no login console on /dev/serial0 (ttyS0)"))
        #expect(result.stdout.hasSuffix("no problems found\n"))
    }

    @Test func doctorReportsTheSerialConsoleAndExitsOne() async throws {
        let root = try Root()
        try root.pi4(config: #"{"sensor": {"model": "pms5003"}}"#, commandLine: "console=serial0,115200 console=tty1")
        let result = try await StationBinary.run(["doctor", "--root", root.url.path, "--service", "--quiet"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("FAIL serial-console: console=serial0,115200 in /proc/cmdline") == true)
        #expect(lines.last == "1 problem")
    }

    @Test func doctorChecksTheWholeFileWithEveryReaderItHas() async throws {
        let root = try Root()
        try root.pi4(
            config: #"{"sensor": {"model": "pms5003"}, "http": {"listen": "nowhere:99999"}, "openmeteo": {"interval_s": 5}, "mqtt": {"url": "ftp://broker"}}"#)
        let result = try await StationBinary.run(["doctor", "--root", root.url.path, "--service", "--json"])
        #expect(result.status == 1)
        let report = try result.json()
        let findings = try #require(report["findings"] as? [[String: String]])
        let config = findings.filter { $0["check"] == "config" && $0["severity"] == "problem" }.compactMap { $0["message"] }
        #expect(config.count == 3, "\(config)")
        #expect(config.contains { $0.contains("mqtt.url") })
        #expect(config.contains { $0.contains("http.listen") })
        #expect(config.contains { $0.contains("openmeteo.interval_s") })
        #expect(report["status"] as? Int == 1)
    }

    @Test func doctorKnowsEverySectionTheStationReads() async throws {
        // sensor_b, climate, aqi and sensor.correction are read by the station, not by the doctor's own checks:
        // the doctor used to call them unknown keys. Valid, they pass; wrong, they are reported as `run` would.
        let valid = #"""
            {"sensor": {"model": "pms5003", "correction": "epa-2021"},
             "sensor_b": {"model": "pms5003", "serial": {"path": "/dev/ttyAMA1"}, "correction": "none"},
             "climate": {"model": "sht3x"}, "aqi": {"index": "us-epa"}}
            """#
        let root = try Root()
        try root.pi4(config: valid)
        let result = try await StationBinary.run(["doctor", "--root", root.url.path, "--service", "--json"])
        let findings = try #require(try result.json()["findings"] as? [[String: String]])
        let problems = findings.filter { $0["check"] == "config" && $0["severity"] == "problem" }.compactMap { $0["message"] }
        #expect(problems.isEmpty, "\(problems)")
        let wrong = try Root()
        try wrong.pi4(
            config: valid.replacingOccurrences(of: "epa-2021", with: "epa2021").replacingOccurrences(of: "sht3x", with: "sht31"))
        let wrongResult = try await StationBinary.run(["doctor", "--root", wrong.url.path, "--service", "--json"])
        let wrongFindings = try #require(try wrongResult.json()["findings"] as? [[String: String]])
        let reported = wrongFindings.filter { $0["check"] == "config" && $0["severity"] == "problem" }.compactMap { $0["message"] }
        #expect(reported.count == 2, "\(reported)")
        #expect(reported.contains { $0.contains("sensor.correction") && $0.contains("did you mean \"epa-2021\"") })
        #expect(reported.contains { $0.contains("climate.model") })
    }

    @Test func doctorSeesAFileThatIsNotAGPIOChipThroughLibgpiod() async throws {
        let root = try Root()
        try root.pi4(config: #"{"leds": {"chip": "pinctrl-bcm2711", "kind": "single", "line": "GPIO26"}}"#)
        try root.write("/dev/gpiochip0", "", mode: 0o660)
        let result = try await StationBinary.run(["doctor", "--root", root.url.path, "--service", "--quiet"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("FAIL gpio-chip: leds.chip: no GPIO chip labelled \"pinctrl-bcm2711\"; chips in "))
        #expect(result.stdout.contains("gpiochip0 [?] (cannot open"))
    }

    @Test(arguments: [
        (["doctor", "--service", "--user", "pi"], "--service and --user exclude each other"),
        (["doctor", "--root", "relative/dir"], "--root needs an absolute path"),
        (["doctor", "--frobnicate"], "unknown option '--frobnicate'"),
    ])
    func doctorRefusesBadArguments(arguments: [String], message: String) async throws {
        let result = try await StationBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test func boardsJSONIsBoardProfilesJSON() async throws {
        let result = try await StationBinary.run(["boards", "--json"])
        #expect(result.status == 0)
        let file = try String(contentsOf: Self.repository.appendingPathComponent("board/profiles.json"), encoding: .utf8)
        #expect(result.stdout == file)
    }

    @Test func boardsListsEveryProfileWithItsPins() async throws {
        let result = try await StationBinary.run(["boards"])
        #expect(result.status == 0)
        for id in ["pi-zero-2-w", "pi-3b-plus", "pi-4b", "pi-5"] { #expect(result.stdout.contains("\(id): ")) }
        #expect(result.stdout.contains("UART        /dev/ttyAMA0 (ttyAMA0, pl011); config.txt: dtparam=uart0=on"))
        #expect(result.stdout.contains("sensor      SET GPIO22 (pin 15), RESET GPIO27 (pin 13)"))
    }

    /// Every example configuration in board/ passes `check-config`, and its history goes where the service
    /// may write (the state directory's `history.db` under systemd).
    @Test func everyBoardExamplePassesCheckConfig() async throws {
        let examples = try Self.boardExamples()
        #expect(examples.count >= 8)
        for file in examples {
            let result = try await StationBinary.run(
                ["check-config", "--config", file.path], environment: ["STATE_DIRECTORY": "/var/lib/breeze-station"])
            #expect(result.status == 0, "\(file.lastPathComponent): \(result.stderr)")
            let effective = try? JSONValue.parse(result.stdout)
            #expect(effective?["storage"]?["path"] == "/var/lib/breeze-station/history.db", "\(file.lastPathComponent)")
        }
    }

    /// The README's configuration example is a valid file (the README stays true).
    @Test func theREADMEsConfigurationExamplePassesCheckConfig() async throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Configuration"))
        let block = try #require(readme.range(of: "```json\n", range: section.upperBound..<readme.endIndex))
        let end = try #require(readme.range(of: "```", range: block.upperBound..<readme.endIndex))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString).json")
        try String(readme[block.upperBound..<end.lowerBound]).write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await StationBinary.run(["check-config", "--config", file.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    static func boardExamples() throws -> [URL] {
        let board = repository.appendingPathComponent("board")
        let manager = FileManager.default
        let top = try manager.contentsOfDirectory(atPath: board.path)
            .filter { $0.hasSuffix(".json") && $0 != "profiles.json" }.map { board.appendingPathComponent($0) }
        let examples = board.appendingPathComponent("examples")
        let nested = try manager.contentsOfDirectory(atPath: examples.path).filter { $0.hasSuffix(".json") }
            .map { examples.appendingPathComponent($0) }
        return (top + nested).sorted { $0.path < $1.path }
    }
}
