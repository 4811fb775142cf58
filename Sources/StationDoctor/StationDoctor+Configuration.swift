import Configuration
import JSON
import LEDs
import Sensors

extension StationDoctor {
    /// What the doctor takes from the configuration file, and what it found wrong with it.
    struct LoadedConfiguration {
        var sensor: SensorConfiguration?
        var leds: LEDConfiguration?
        var storagePath: String?
        var findings: [DoctorFinding] = []
    }

    /// Reads and validates the configuration file; what parsed is used by the other checks even when some
    /// keys are wrong.
    func loadConfiguration(board: DetectedBoard) -> LoadedConfiguration {
        var loaded = LoadedConfiguration()
        let path = configurationPath
        guard let text = host.readText(path) else {
            if host.exists(path) {
                loaded.findings.append(
                    .problem("config", "\(path) cannot be read: \(readAdvice(path))"))
            } else {
                let directory = StationService.boardExamplesDirectories.first(where: host.exists)
                    ?? StationService.boardExamplesDirectories[0]
                let example = "\(directory)/\(board.profile?.exampleConfiguration ?? "<board>.json")"
                loaded.findings.append(
                    .problem(
                        "config",
                        "no configuration at \(path): start from the example for this board"
                            + (board.profile == nil ? " (breeze-station boards lists them)" : "")
                            + ": sudo cp \(example) \(path), then set station and sensor (docs/configuration.md)"))
            }
            return loaded
        }
        let root: ConfigSection
        do throws(ConfigErrors) {
            root = try ConfigFile.parse(Array(text.utf8), source: path)
        } catch {
            loaded.findings += error.errors.map { .problem("config", $0.description) }
            return loaded
        }
        loaded.sensor = root.section("sensor").flatMap(SensorConfiguration.init(section:))
        loaded.leds = LEDConfiguration.read(from: root)
        if case .string(let storagePath)? = root.value("storage")?["path"] { loaded.storagePath = storagePath }
        readOtherSections(root)
        do throws(ConfigErrors) {
            try root.finish()
            let sections = ["station", "sensor", "leds", "http", "openmeteo", "storage", "mqtt", "log"]
                .filter(root.contains)
            loaded.findings.append(
                .ok("config", "\(path) is valid (sections: \(sections.joined(separator: ", ")))"))
        } catch {
            loaded.findings += error.errors.map { problem in
                .problem("config", "\(path): \(problem.description)")
            }
        }
        if loaded.sensor == nil && !root.contains("sensor") {
            loaded.findings.append(
                .warning("config", "\(path) has no sensor section: the station shows only Open-Meteo's values"))
        }
        if perspective == .service { loaded.findings += serviceReadability(of: path) }
        return loaded
    }

    /// The service runs as a dynamic user in none of the file's groups: it reads the file through the
    /// "other" permission bits, and needs search permission on every directory on the way.
    func serviceReadability(of path: String) -> [DoctorFinding] {
        var blocked: [String] = []
        var directory = path
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            if let status = host.status(directory), status.permissions & 0o001 == 0 { blocked.append(directory) }
        }
        if let directory = blocked.first {
            return [
                .problem(
                    "config",
                    "the service cannot reach \(path): \(directory) is not searchable by others: "
                        + "sudo chmod o+x \(directory)")
            ]
        }
        if let status = host.status(path), status.permissions & 0o004 == 0 {
            return [
                .problem(
                    "config",
                    "the service (a dynamic user) cannot read \(path) (\(status.modeString)): sudo chmod 0644 \(path)")
            ]
        }
        return []
    }

    private func readAdvice(_ path: String) -> String {
        guard let status = host.status(path) else { return "unknown reason" }
        if status.kind == .directory { return "it is a directory" }
        return "permission denied (\(status.modeString)); run the doctor with sudo"
    }
}
