import Foundation
import GPIO
import StationDoctor
import GPIOTestSupport

/// A machine built in a temporary directory for the doctor to examine: device-tree model, boot files, kernel
/// command line, `/dev` entries (plain files standing in for devices, with modes), accounts, configuration.
///
/// Files created here belong to the test process's group, so `/etc/group` gives that id to the group a
/// scenario wants the devices to belong to (`deviceGroup`); no root rights are needed.
final class FakeMachine {
    let root: URL
    /// The group id new files get (the process's effective group).
    let fileGroup = UInt32(getegid())
    /// The process's effective user.
    let fileOwner = UInt32(geteuid())

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("doctor-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String, mode: Int = 0o644) throws {
        let url = root.appendingPathComponent(String(path.dropFirst()))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    func directory(_ path: String, mode: Int = 0o755) throws {
        let url = root.appendingPathComponent(String(path.dropFirst()))
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
    }

    /// A stand-in for a device node (a plain file with the device's mode).
    func device(_ path: String, mode: Int = 0o660) throws { try write(path, "", mode: mode) }

    func link(_ path: String, to target: String) throws {
        let url = root.appendingPathComponent(String(path.dropFirst()))
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(String(path.dropFirst())))
    }

    /// `/etc/group` with the station's groups: `deviceGroup` gets the id files are created with, the others
    /// distinct ids; `members` lists users per group. `/etc/passwd` with root, `pi` (uid 64001) and the
    /// service's `breeze-station` (uid 64002) unless `without` names it.
    func accounts(deviceGroup: String = "dialout", members: [String: [String]] = [:], without: Set<String> = [])
        throws
    {
        var next: UInt32 = 60_000
        var lines: [String] = []
        for name in ["root", "tty", "dialout", "i2c", "gpio", "pi", "breeze-station"] where !without.contains(name) {
            let id: UInt32
            if name == deviceGroup {
                id = fileGroup
            } else if name == "root" && fileGroup != 0 {
                id = 0
            } else {
                next += 1
                id = next
            }
            lines.append("\(name):x:\(id):\((members[name] ?? []).joined(separator: ","))")
        }
        try write("/etc/group", lines.joined(separator: "\n") + "\n")
        func id(of group: String) -> String {
            lines.first { $0.hasPrefix(group + ":") }.map { String($0.split(separator: ":")[2]) } ?? "65534"
        }
        var passwd = "root:x:0:0:root:/root:/bin/bash\npi:x:64001:\(id(of: "pi"))::/home/pi:/bin/bash\n"
        if !without.contains("breeze-station") {
            passwd += "breeze-station:x:64002:\(id(of: "breeze-station"))::/var/lib/breeze-station:/usr/sbin/nologin\n"
        }
        try write("/etc/passwd", passwd)
    }

    /// A Raspberry Pi: device-tree model, `config.txt` and `cmdline.txt` under `/boot/firmware`, the running
    /// kernel command line.
    func raspberryPi(
        model: String, config: String, commandLine: String = "console=tty1 root=PARTUUID=1234-02 rootwait",
        running: String? = nil
    ) throws {
        try write("/proc/device-tree/model", model + "\0")
        try write("/boot/firmware/config.txt", config)
        try write("/boot/firmware/cmdline.txt", commandLine + "\n")
        try write("/proc/cmdline", (running ?? commandLine) + "\n")
    }

    /// The station's configuration at `/etc/breeze-station/config.json`.
    func configuration(_ json: String, mode: Int = 0o644) throws {
        try write("/etc/breeze-station/config.json", json, mode: mode)
    }

    /// One of the repository's board examples as the configuration.
    func boardConfiguration(_ name: String) throws {
        let url = Self.repository.appendingPathComponent("board/\(name)")
        try configuration(String(contentsOf: url, encoding: .utf8))
    }

    static var repository: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    var host: HostSystem { HostSystem(root: root.path) }

    /// A process identity on this machine.
    func identity(uid: UInt32, gid: UInt32, groups: [UInt32]) -> HostSystem {
        HostSystem(root: root.path, identity: ProcessIdentity(uid: uid, gid: gid, groups: groups))
    }

    /// A GPIO driver with one header chip (lines named `GPIO0`...) in this machine's `/dev`, as `gpiochip0`;
    /// `busy` maps offsets to the consumer holding them.
    func headerChip(label: String, lines: Int, busy: [Int: String] = [:]) throws -> SimulatedGPIODriver {
        try device("/dev/gpiochip0")
        let chipLines = (0..<lines).map { SimulatedGPIODriver.Line(name: "GPIO\($0)", consumer: busy[$0]) }
        return SimulatedGPIODriver(
            deviceDirectory: root.appendingPathComponent("dev").path,
            chips: [SimulatedGPIODriver.Chip(name: "gpiochip0", label: label, lines: chipLines)])
    }

    /// A driver seeing no chips.
    var noChips: SimulatedGPIODriver {
        SimulatedGPIODriver(deviceDirectory: root.appendingPathComponent("dev").path, chips: [])
    }

    /// The doctor's report for this machine.
    func examine(
        gpio: (any GPIODriver)? = nil, perspective: DoctorPerspective = .service, host: HostSystem? = nil
    ) -> DoctorReport {
        StationDoctor(host: host ?? self.host, gpio: gpio ?? noChips, perspective: perspective).examine()
    }
}

extension DoctorReport {
    /// The messages of `check` at `severity`.
    func messages(_ check: String, _ severity: DoctorFinding.Severity) -> [String] {
        findings.filter { $0.check == check && $0.severity == severity }.map(\.message)
    }

    /// Every line, for failure messages.
    var text: String { lines().joined(separator: "\n") }
}
