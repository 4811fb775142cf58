public import Configuration
public import GPIO
import JSON
import LEDs
import Sensors

/// `breeze-station doctor`: looks at the machine the way the station will use it and reports, one line
/// each, what users get wrong: the serial console still on the sensor's port, the UART or I²C switched off,
/// a missing device, a device the station's user may not open, a GPIO chip label that does not exist, an
/// invalid configuration, a state directory the service cannot write.
///
/// Everything is read through a ``HostSystem`` (a root directory) and a `GPIODriver`, so tests build a
/// machine in a temporary directory and a simulated GPIO driver.
///
/// ```swift
/// let doctor = StationDoctor(host: HostSystem(), gpio: LibgpiodDriver(), perspective: .service)
/// let report = doctor.examine()
/// report.lines().forEach { print($0) }
/// exit(report.exitStatus)
/// ```
public struct StationDoctor: Sendable {
    public let host: HostSystem
    public let gpio: any GPIODriver
    public let perspective: DoctorPerspective
    /// The configuration file, as a path on the examined machine.
    public let configurationPath: String
    /// Reads the sections of the configuration the doctor does not read itself (`station`, `http`,
    /// `openmeteo`, `storage`, `mqtt`, `log`), recording their problems in the section, so the whole file is
    /// validated as the station validates it.
    public let readOtherSections: @Sendable (ConfigSection) -> Void

    /// A doctor for the machine under `host`.
    public init(
        host: HostSystem, gpio: any GPIODriver, perspective: DoctorPerspective,
        configurationPath: String = StationService.configurationPath,
        readOtherSections: @escaping @Sendable (ConfigSection) -> Void = StationDoctor.acceptOtherSections
    ) {
        self.host = host
        self.gpio = gpio
        self.perspective = perspective
        self.configurationPath = configurationPath
        self.readOtherSections = readOtherSections
    }

    /// Marks the sections other modules read as known without checking them.
    public static let acceptOtherSections: @Sendable (ConfigSection) -> Void = { root in
        for key in ["station", "sensor_b", "climate", "aqi", "http", "openmeteo", "storage", "mqtt", "log"] {
            _ = root.value(key)
        }
        // `sensor.correction` is the station's key in the section the doctor reads.
        if case .object = root.value("sensor") { _ = root.section("sensor")?.value("correction") }
    }

    /// Runs every check.
    public func examine() -> DoctorReport {
        let accounts = AccountDatabase(host: host)
        let board = detectBoard()
        var findings = [board.finding]
        let configuration = loadConfiguration(board: board, accounts: accounts)
        findings += configuration.findings
        if perspective == .service { findings += serviceAccountFindings(accounts: accounts) }
        let access = DeviceAccess(host: host, accounts: accounts, perspective: perspective)
        if let sensor = configuration.sensor {
            switch sensor.model.bus {
            case .serial: findings += serialFindings(sensor: sensor, board: board, access: access)
            case .i2c: findings += i2cFindings(sensor: sensor, board: board, access: access)
            }
        }
        findings += gpioFindings(configuration: configuration, board: board, access: access)
        findings += databasePathFindings(configuration.storagePath)
        findings += stateDirectoryFindings(path: configuration.storagePath.map(Self.directory(of:)), accounts: accounts)
        findings += memoryLimitFindings()
        return DoctorReport(findings: findings)
    }

    // MARK: - Board

    /// The board as the device tree names it, with its profile and the `config.txt` filters that select it.
    struct DetectedBoard {
        let model: String?
        let profile: BoardProfile?
        let finding: DoctorFinding

        var filters: Set<String> { model.map(BootConfiguration.modelFilters(forModel:)) ?? [] }
    }

    func detectBoard() -> DetectedBoard {
        let text = host.readText("/proc/device-tree/model") ?? host.readText("/sys/firmware/devicetree/base/model")
        guard let model = text?.trimmingSpaces, !model.isEmpty else {
            return DetectedBoard(
                model: nil, profile: nil,
                finding: .info("board", "no device-tree model (not a Raspberry Pi): board-specific checks skipped"))
        }
        guard let profile = BoardProfile.matching(model: model) else {
            return DetectedBoard(
                model: model, profile: nil,
                finding: .info("board", "\(model): no Breeze Station profile for it; board-specific checks skipped"))
        }
        return DetectedBoard(
            model: model, profile: profile,
            finding: .ok(
                "board",
                "\(model): profile \(profile.id) (header chip \(profile.gpioChipLabel), UART \(profile.uart.path), "
                    + "I²C /dev/i2c-\(profile.i2cBus))"))
    }

    // MARK: - Boot files

    /// The firmware's boot directory: `/boot/firmware` on Bookworm, `/boot` before.
    func bootFile(_ name: String) -> String? {
        ["/boot/firmware/\(name)", "/boot/\(name)"].first { path in
            // Bookworm leaves a /boot/config.txt that only says "moved to /boot/firmware"; prefer firmware.
            host.status(path)?.kind == .regular
        }
    }

    /// The parsed `config.txt` and its path, nil when there is none.
    func bootConfiguration() -> (path: String, configuration: BootConfiguration)? {
        guard let path = bootFile("config.txt"), let text = host.readText(path) else { return nil }
        return (path, BootConfiguration(text: text))
    }

    // MARK: - The user and groups the unit needs

    func serviceAccountFindings(accounts: AccountDatabase) -> [DoctorFinding] {
        let sysusers = "the package creates it through /usr/lib/sysusers.d/breeze-station.conf"
        var findings: [DoctorFinding] = []
        if accounts.user(named: StationService.user) == nil {
            findings.append(
                .problem(
                    "group",
                    "user \(StationService.user) does not exist, so the service cannot start (User= fails with "
                        + "status 217/USER): sudo systemd-sysusers (\(sysusers))"))
        }
        let missing = StationService.supplementaryGroups.filter { accounts.group(named: $0) == nil }
        findings += missing.map { group in
            .problem(
                "group",
                "group \(group) does not exist, so the service cannot start (SupplementaryGroups=\(group) fails "
                    + "with status 216/GROUP): sudo groupadd --system \(group) (\(sysusers))")
        }
        if findings.isEmpty {
            findings.append(
                .ok(
                    "group",
                    "user \(StationService.user) and groups \(StationService.supplementaryGroups.joined(separator: ", ")) "
                        + "exist"))
        }
        return findings
    }

    // MARK: - Memory limit

    /// Raspberry Pi kernels have booted with the memory controller off (`cgroup_disable=memory`); then
    /// `MemoryMax=` is silently not enforced.
    func memoryLimitFindings() -> [DoctorFinding] {
        let commandLine = KernelCommandLine(text: host.readText("/proc/cmdline") ?? "")
        let disabledOnCommandLine = commandLine.words.contains("cgroup_disable=memory")
        var disabledInKernel = false
        if let table = host.readText("/proc/cgroups") {
            for line in table.split(separator: "\n") where line.hasPrefix("memory") {
                let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
                disabledInKernel = fields.count >= 4 && fields[3] == "0"
            }
        }
        guard disabledOnCommandLine || disabledInKernel else { return [] }
        return [
            .warning(
                "memory-limit",
                "the kernel's memory cgroup controller is off, so the unit's MemoryMax= is not enforced: add "
                    + "cgroup_enable=memory to \(bootFile("cmdline.txt") ?? "/boot/firmware/cmdline.txt") "
                    + "(one line) and reboot")
        ]
    }
}
