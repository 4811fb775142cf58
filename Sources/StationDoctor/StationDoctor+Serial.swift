import Sensors

extension StationDoctor {
    /// A UART sensor: the port exists, is the header UART switched on, carries no login console, and the
    /// station may open it.
    func serialFindings(sensor: SensorConfiguration, board: DetectedBoard, access: DeviceAccess) -> [DoctorFinding] {
        let path = sensor.serialPath
        let resolved = host.resolve(path)
        let device = resolved.map(baseName)
        let linkTarget = host.isSymbolicLink(path) ? host.readLink(path).map(baseName) : nil
        let isHeaderPort =
            ["/dev/serial0", "/dev/serial1"].contains(path)
            || ["ttyS0", "ttyAMA0", "ttyAMA10"].contains(device ?? baseName(path))
        var findings: [DoctorFinding] = []
        var deviceExplained = false

        if let profile = board.profile, isHeaderPort {
            let uart = uartFindings(path: path, device: device ?? linkTarget, profile: profile, board: board)
            findings += uart.findings
            deviceExplained = uart.explainsMissingDevice
        }
        findings += serialConsoleFindings(path: path, device: device ?? linkTarget)
        findings += gettyFindings(names: Set([baseName(path), device, linkTarget].compactMap { $0 }))

        guard let resolved, let status = host.status(resolved) else {
            if !deviceExplained { findings.append(missingSerialDevice(path)) }
            return findings
        }
        if perspective == .service, let device, !StationService.allowsSerialDevice(device),
            !ServiceDropIns(host: host).allowsDevice(device)
        {
            findings.append(
                .problem(
                    "access",
                    "\(path) is \(device), a device class the unit does not allow (DeviceAllow= has "
                        + "ttyS, ttyAMA, ttyUSB, ttyACM): add 'DeviceAllow=char-<class> rw' with the class from "
                        + "/proc/devices in a drop-in (sudo systemctl edit breeze-station)"))
        }
        findings += access.check(path: path, resolved: resolved, status: status, check: "access")
        return findings
    }

    /// Whether the header UART is switched on in `config.txt`, the Pi 5's `serial0` trap, the mini UART.
    private func uartFindings(
        path: String, device: String?, profile: BoardProfile, board: DetectedBoard
    ) -> (findings: [DoctorFinding], explainsMissingDevice: Bool) {
        var findings: [DoctorFinding] = []
        if profile.uart.kind == .pl011, device == "ttyAMA10", path != "/dev/serial0" {
            findings.append(
                .problem(
                    "uart",
                    "on a \(profile.name) \(path) is ttyAMA10, the debug connector's UART, not GPIO14/15: set "
                        + "sensor.serial.path to \(profile.uart.path)"))
            return (findings, true)
        }
        if profile.uart.kind == .pl011, path == "/dev/serial0", device != profile.uart.device {
            findings.append(
                .problem(
                    "uart",
                    "on a \(profile.name) /dev/serial0 is \(device.map { "\($0), " } ?? "")the debug connector's "
                        + "UART, not GPIO14/15: set sensor.serial.path to \(profile.uart.path)"))
            return (findings, true)
        }
        guard let (configPath, boot) = bootConfiguration() else {
            findings.append(
                .info("uart", "no /boot/firmware/config.txt or /boot/config.txt: cannot check that the UART is on"))
            return (findings, false)
        }
        let overlays = boot.overlays(for: board.filters)
        let movesPL011 = overlays.contains("disable-bt") || overlays.contains("miniuart-bt")
        if profile.uart.kind == .miniUART, device == "ttyAMA0", !movesPL011 {
            // Without disable-bt/miniuart-bt the PL011 (ttyAMA0, serial1) drives the Bluetooth chip.
            findings.append(
                .problem(
                    "uart",
                    "on a \(profile.name) \(path) is ttyAMA0, the Bluetooth UART (no dtoverlay=disable-bt in "
                        + "\(configPath)): use /dev/serial0 (the mini UART on GPIO14/15), or add dtoverlay=disable-bt "
                        + "to \(configPath) and run 'sudo systemctl disable hciuart', then reboot"))
            return (findings, true)
        }
        let enabled: Bool
        switch profile.uart.kind {
        case .miniUART:
            let setting = boot.value("enable_uart", for: board.filters)
            enabled = setting == "1" || (movesPL011 && setting != "0")
        case .pl011:
            let parameters = boot.deviceTreeParameters(for: board.filters)
            enabled =
                BootConfiguration.isOn(parameters["uart0"]) || BootConfiguration.isOn(parameters["uart0_console"])
                || overlays.contains("uart0") || overlays.contains("uart0-pi5")
        }
        let exists = host.exists(path)
        if !enabled {
            let raspiConfig = "'sudo raspi-config nonint do_serial_hw 0' does it"
            findings.append(
                .problem(
                    "uart",
                    "the header UART (GPIO14/15) is off\(exists ? "" : " and \(path) does not exist"): add "
                        + "\(profile.uart.enableSetting) to \(configPath) (\(raspiConfig)), then reboot"))
            return (findings, true)
        }
        if !exists {
            findings.append(
                .problem(
                    "device",
                    "\(path) does not exist although \(configPath) switches the UART on: reboot (config.txt is "
                        + "read at boot)"))
            return (findings, true)
        }
        findings.append(.ok("uart", "the header UART is on (\(configPath)); \(path) is \(device ?? "there")"))
        if profile.uart.kind == .miniUART, device == "ttyS0" || (device == nil && !movesPL011) {
            findings.append(
                .info(
                    "uart",
                    "\(path) is the mini UART (ttyS0): fine for a 9600-baud sensor with enable_uart=1, but it "
                        + "cannot detect framing errors; for the PL011 add dtoverlay=disable-bt to \(configPath) "
                        + "and run 'sudo systemctl disable hciuart' (Bluetooth goes off)"))
        }
        return (findings, false)
    }

    /// A `console=` on the sensor's port, now (`/proc/cmdline`) or at the next boot (`cmdline.txt`).
    private func serialConsoleFindings(path: String, device: String?) -> [DoctorFinding] {
        let running = KernelCommandLine(text: host.readText("/proc/cmdline") ?? "")
        let nextPath = bootFile("cmdline.txt")
        let next = nextPath.flatMap { host.readText($0) }.map(KernelCommandLine.init(text:))
        func conflicts(_ console: (word: String, device: String)) -> Bool {
            if "/dev/\(console.device)" == path { return true }
            let consoleDevice = host.resolve("/dev/\(console.device)").map(baseName) ?? console.device
            return consoleDevice == (device ?? baseName(path))
        }
        let shown = device.map { "\(path) (\($0))" } ?? path
        let fix = "'sudo raspi-config nonint do_serial_cons 1' does it"
        if let console = running.serialConsoles.first(where: conflicts) {
            if let next, let nextPath, !next.words.contains(console.word) {
                return [
                    .problem(
                        "serial-console",
                        "\(console.word) in /proc/cmdline: a login console still owns \(shown); it is already gone "
                            + "from \(nextPath): reboot")
                ]
            }
            return [
                .problem(
                    "serial-console",
                    "\(console.word) in /proc/cmdline puts a login console on \(shown), the sensor's port: remove "
                        + "it from \(nextPath ?? "/boot/firmware/cmdline.txt") (\(fix)), then reboot")
            ]
        }
        if let next, let nextPath, let console = next.serialConsoles.first(where: conflicts) {
            return [
                .problem(
                    "serial-console",
                    "\(console.word) in \(nextPath) will put a login console on \(shown) at the next boot: "
                        + "remove it (\(fix))")
            ]
        }
        return [.ok("serial-console", "no login console on \(shown)")]
    }

    /// A `serial-getty@` unit enabled by hand on the port.
    private func gettyFindings(names: Set<String>) -> [DoctorFinding] {
        let wants = "/etc/systemd/system/getty.target.wants"
        let enabled = (host.entries(wants) ?? []).filter { entry in
            names.contains { entry == "serial-getty@\($0).service" }
        }
        return enabled.map { unit in
            .problem(
                "serial-console",
                "\(unit) is enabled: a login prompt reads the sensor's port: sudo systemctl disable --now \(unit)")
        }
    }

    private func missingSerialDevice(_ path: String) -> DoctorFinding {
        let candidates = serialCandidates()
        let available = candidates.isEmpty ? "no serial adapters are plugged in" : "present: " + candidates.joined(separator: ", ")
        if host.isSymbolicLink(path) {
            return .problem(
                "device",
                "\(path) points to \(host.readLink(path) ?? "?"), which does not exist: replug the adapter "
                    + "(\(available))")
        }
        let usb = ["ttyUSB", "ttyACM", "/serial/by-"].contains { path.contains($0) }
        let hint =
            usb
            ? "plug the adapter in; prefer its /dev/serial/by-id/ path, which survives renumbering"
            : "check sensor.serial.path"
        return .problem("device", "\(path) does not exist: \(hint) (\(available))")
    }

    /// Serial devices a user may have meant: `/dev/serial/by-id/*`, `ttyUSB*`, `ttyACM*`, `serial0`.
    private func serialCandidates() -> [String] {
        let byID = (host.entries("/dev/serial/by-id") ?? []).map { "/dev/serial/by-id/\($0)" }
        let dev = (host.entries("/dev") ?? []).filter { name in
            name.hasPrefix("ttyUSB") || name.hasPrefix("ttyACM") || name == "serial0" || name == "ttyAMA0"
        }.map { "/dev/\($0)" }
        return byID + dev
    }

    func baseName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
