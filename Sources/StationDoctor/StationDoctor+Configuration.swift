import Configuration
import JSON
import LEDs
import Sensors
import Uploads

extension StationDoctor {
    /// What the doctor takes from the configuration file, and what it found wrong with it.
    struct LoadedConfiguration {
        var sensor: SensorConfiguration?
        var leds: LEDConfiguration?
        var storagePath: String?
        /// Files the configuration names that the service must read: `mqtt.password_file`, `mqtt.ca_file`,
        /// `opensensemap.token_file`.
        var referencedFiles: [(keyPath: String, path: String)] = []
        var findings: [DoctorFinding] = []
    }

    /// Reads and validates the configuration file; what parsed is used by the other checks even when some
    /// keys are wrong.
    func loadConfiguration(board: DetectedBoard, accounts: AccountDatabase) -> LoadedConfiguration {
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
        if let mqtt = root.value("mqtt"), mqtt["enabled"] != .bool(false) {
            for key in ["password_file", "ca_file"] {
                if case .string(let path)? = mqtt[key] { loaded.referencedFiles.append(("mqtt.\(key)", path)) }
            }
        }
        // The node id is printed whether or not the rest of the file is valid: the user needs it to register
        // the station on the map's device page.
        let sensorCommunity = SensorCommunityConfiguration(
            section: root.section("sensor_community"), boardSerial: BoardSerial(root: host.root))
        if let sensorCommunity, !sensorCommunity.nodeID.isEmpty {
            loaded.findings.append(
                .ok(
                    "sensor_community",
                    "node id \(sensorCommunity.nodeID) (X-Sensor): register it on https://devices.sensor.community "
                        + "with the sensor's model; see docs/community.md"))
        }
        if let openSenseMap = OpenSenseMapConfiguration(section: root.section("opensensemap")),
            let tokenFile = openSenseMap.tokenFile
        {
            loaded.referencedFiles.append(("opensensemap.token_file", tokenFile))
        }
        readOtherSections(root)
        do throws(ConfigErrors) {
            try root.finish()
            let sections = [
                "station", "sensor", "sensor_b", "climate", "aqi", "leds", "http", "openmeteo", "storage", "mqtt",
                "sensor_community", "opensensemap", "log",
            ]
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
        if perspective == .service {
            loaded.findings += serviceReadability(of: path, accounts: accounts)
            loaded.findings += loaded.referencedFiles.flatMap { file in
                referencedFileFindings(keyPath: file.keyPath, path: file.path, accounts: accounts)
            }
        }
        return loaded
    }

    /// The service reads the file as its own user (usually neither the file's owner nor in its group): it
    /// needs read permission on the file and search permission on every directory on the way.
    func serviceReadability(of path: String, accounts: AccountDatabase) -> [DoctorFinding] {
        let service = StationService.identity(in: accounts)
        var directory = path
        while let slash = directory.lastIndex(of: "/"), slash != directory.startIndex {
            directory = String(directory[..<slash])
            if let status = host.status(directory),
                !DeviceAccess.grants(status, uid: service.uid, groups: service.groups, permission: 0o1)
            {
                return [
                    .problem(
                        "config",
                        "the service (user \(StationService.user)) cannot reach \(path): \(directory) is not "
                            + "searchable for it: sudo chmod o+x \(directory)")
                ]
            }
        }
        if let status = host.status(path),
            !DeviceAccess.grants(status, uid: service.uid, groups: service.groups, permission: 0o4)
        {
            return [
                .problem(
                    "config",
                    "the service (user \(StationService.user)) cannot read \(path) (\(status.modeString) "
                        + "\(accounts.groupName(status.group))): sudo chmod 0644 \(path), or, when it holds secrets, "
                        + "sudo chgrp \(StationService.user) \(path) && sudo chmod 0640 \(path)")
            ]
        }
        return []
    }

    /// A file the configuration names (a password, a CA): it exists, and the service's user can read it.
    func referencedFileFindings(keyPath: String, path: String, accounts: AccountDatabase) -> [DoctorFinding] {
        guard host.exists(path) else {
            return [.problem("config", "\(keyPath) \(path) does not exist: create it, or fix the path")]
        }
        let unreadable = serviceReadability(of: path, accounts: accounts)
        guard unreadable.isEmpty else {
            return [
                .problem(
                    "config",
                    "\(keyPath) \(path) is not readable by the service (user \(StationService.user)): sudo chown "
                        + "\(StationService.user) \(path) && sudo chmod 0600 \(path)")
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
