import Sensors

extension StationDoctor {
    /// An I²C sensor: the bus device exists (I²C switched on, i2c-dev loaded) and the station may open it.
    func i2cFindings(sensor: SensorConfiguration, board: DetectedBoard, access: DeviceAccess) -> [DoctorFinding] {
        let path = "/dev/i2c-\(sensor.i2cBus)"
        if let resolved = host.resolve(path), let status = host.status(resolved) {
            return [.ok("i2c", "\(path) exists")]
                + access.check(path: path, resolved: resolved, status: status, check: "access")
        }
        let present = (host.entries("/dev") ?? []).filter { $0.hasPrefix("i2c-") }.map { "/dev/\($0)" }
        let others = present.isEmpty ? "no I²C buses at all" : "present: " + present.joined(separator: ", ")
        guard let profile = board.profile, sensor.i2cBus == profile.i2cBus else {
            return [
                .problem(
                    "i2c",
                    "\(path) does not exist (\(others)): load i2c-dev ('sudo modprobe i2c-dev') and check "
                        + "sensor.i2c.bus against 'i2cdetect -l'")
            ]
        }
        guard let (configPath, boot) = bootConfiguration() else {
            return [
                .problem(
                    "i2c",
                    "\(path) does not exist and there is no config.txt to check: switch I²C on with "
                        + "'sudo raspi-config nonint do_i2c 0', then reboot")
            ]
        }
        let parameters = boot.deviceTreeParameters(for: board.filters)
        let enabled = ["i2c_arm", "i2c1", "i2c"].contains { BootConfiguration.isOn(parameters[$0]) }
        if !enabled {
            return [
                .problem(
                    "i2c",
                    "I²C is off and \(path) does not exist: add \(profile.i2cEnableSetting) to \(configPath) "
                        + "('sudo raspi-config nonint do_i2c 0' does it and loads i2c-dev), then reboot")
            ]
        }
        if !i2cDeviceModuleConfigured() {
            return [
                .problem(
                    "i2c",
                    "\(configPath) switches I²C on, but the i2c-dev module that makes \(path) is not loaded: "
                        + "sudo modprobe i2c-dev && echo i2c-dev | sudo tee /etc/modules-load.d/i2c-dev.conf, "
                        + "then sudo systemctl restart breeze-station (the service's device access is set at its start)")
            ]
        }
        return [
            .problem(
                "i2c",
                "\(path) does not exist although \(configPath) switches I²C on and i2c-dev is loaded: reboot "
                    + "(config.txt is read at boot) (\(others))")
        ]
    }

    /// Whether i2c-dev is loaded now or at boot (`/etc/modules`, `/etc/modules-load.d/*.conf`).
    private func i2cDeviceModuleConfigured() -> Bool {
        if host.exists("/sys/module/i2c_dev") || host.exists("/sys/class/i2c-dev") { return true }
        let lists = ["/etc/modules"] + (host.entries("/etc/modules-load.d") ?? []).filter { $0.hasSuffix(".conf") }
            .map { "/etc/modules-load.d/\($0)" }
        return lists.contains { file in
            (host.readText(file) ?? "").split(separator: "\n").contains { line in
                let name = line.split(separator: "#").first.map { String($0).trimmingSpaces } ?? ""
                return name == "i2c-dev" || name == "i2c_dev"
            }
        }
    }
}
