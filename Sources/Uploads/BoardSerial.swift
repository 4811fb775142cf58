import POSIX

#if canImport(Glibc)
    import Glibc
#endif

/// The board's serial number, which names the station on Sensor.Community (`raspi-<serial>`).
///
/// Raspberry Pi OS shows it in `/proc/cpuinfo` (`Serial\t\t: 10000000abcdef01`); device-tree kernels on
/// other boards (and newer Pi kernels, whose cpuinfo may omit it) in `/sys/firmware/devicetree/base/serial-number`,
/// NUL-terminated. The paths are parameters so tests (and `doctor --root`) read files of their own.
public struct BoardSerial: Sendable, Hashable {
    /// The cpuinfo file, read first.
    public var cpuinfoPath: String
    /// The device-tree serial-number file, read when cpuinfo has no usable `Serial`.
    public var deviceTreePath: String

    /// The files of the running system.
    public static let system = BoardSerial()

    /// The serial files under `root` (`/` for the running system).
    public init(root: String = "/") {
        let prefix = root.hasSuffix("/") ? String(root.dropLast()) : root
        cpuinfoPath = prefix + "/proc/cpuinfo"
        deviceTreePath = prefix + "/sys/firmware/devicetree/base/serial-number"
    }

    /// Two explicit files.
    public init(cpuinfoPath: String, deviceTreePath: String) {
        self.cpuinfoPath = cpuinfoPath
        self.deviceTreePath = deviceTreePath
    }

    /// The serial, lower-case, or nil when neither file has one (a PC, a container). An all-zero serial
    /// (emulators, some boards) is no serial: every such station would share one node id.
    public func read() -> String? {
        if let text = Self.readFile(cpuinfoPath), let serial = Self.cpuinfoSerial(text) { return serial }
        if let text = Self.readFile(deviceTreePath), let serial = Self.clean(text) { return serial }
        return nil
    }

    /// The value of the `Serial` line of cpuinfo text.
    static func cpuinfoSerial(_ text: String) -> String? {
        for line in text.split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].filter { $0 != " " && $0 != "\t" }
            if name == "Serial" { return clean(String(line[line.index(after: colon)...])) }
        }
        return nil
    }

    /// Letters and digits only, lower-case; nil when nothing is left or it is all zeros.
    static func clean(_ text: String) -> String? {
        let kept = String(text.unicodeScalars.filter { $0.properties.isASCIIHexDigit || ("a"..."z").contains($0) || ("A"..."Z").contains($0) }.map(Character.init)).lowercased()
        guard !kept.isEmpty, kept.contains(where: { $0 != "0" }), kept.count <= 64 else { return nil }
        return kept
    }

    /// A small text file's content; nil when it cannot be read.
    static func readFile(_ path: String) -> String? {
        do {
            let file = try FileDescriptor(opening: path, O_RDONLY)
            return String(decoding: try file.readToEnd(limit: 256 * 1024).bytes, as: UTF8.self)
        } catch {
            return nil
        }
    }
}
