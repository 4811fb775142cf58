import Foundation
import HTTPTestSupport
import MQTTTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real avahi-daemon for one test, isolated from the machine: its own dbus-daemon on a socket in a scratch
/// directory (children find it through `DBUS_SYSTEM_BUS_ADDRESS`), and avahi-daemon in a new network and
/// mount namespace (unshare: a loopback of its own with multicast on, so mDNS never leaves it, and a private
/// /run for its pid file and socket). Needs root (namespaces), dbus-daemon, avahi-daemon, avahi-utils.
final class AvahiRig: @unchecked Sendable {
    // @unchecked: the processes are set up in init and restart/stop are called from one test task only.
    struct Unavailable: Error, CustomStringConvertible { let description: String }

    /// One entry of `avahi-browse -rpt`: a resolved service.
    struct Resolved: Equatable, CustomStringConvertible {
        let name: String
        let type: String
        let port: UInt16
        let txt: [String]
        var description: String { "\(name) \(type) port \(port) \(txt)" }
    }

    let directory: URL
    let busAddress: String
    private var bus: ChildProcess?
    private var avahi: ChildProcess?

    /// The tools the rig needs, or why it cannot run here.
    static func unavailableReason() -> String? {
        for tool in ["/usr/bin/dbus-daemon", "/usr/sbin/avahi-daemon", "/usr/bin/avahi-browse", "/usr/bin/unshare"]
        where access(tool, X_OK) != 0 {
            return "\(tool) is missing (make deps installs avahi-daemon, avahi-utils, dbus-daemon, util-linux)"
        }
        if geteuid() != 0 { return "avahi-daemon in its own network namespace needs root (unshare -n)" }
        return nil
    }

    /// A bus and (unless `withDaemon` is false) an avahi-daemon on it, both ready; with `withBus` false, only
    /// the address (``startBus()`` starts them later).
    static func start(_ name: String, withBus: Bool = true, withDaemon: Bool = true) async throws -> AvahiRig {
        let rig = try AvahiRig(name)
        do {
            if withBus { try await rig.startBus() }
            if withBus && withDaemon { try await rig.startDaemon() }
        } catch {
            await rig.stop()
            throw error
        }
        return rig
    }

    private init(_ name: String) throws {
        directory = try scratchDirectory(name)
        let socket = directory.appendingPathComponent("bus").path
        busAddress = "unix:path=\(socket)"
        let busConfig = directory.appendingPathComponent("bus.conf")
        try Data(
            """
            <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
            <busconfig>
              <type>system</type>
              <listen>\(busAddress)</listen>
              <auth>EXTERNAL</auth>
              <policy context="default">
                <allow user="*"/>
                <allow own="*"/>
                <allow send_destination="*" eavesdrop="true"/>
                <allow eavesdrop="true"/>
              </policy>
            </busconfig>
            """.utf8
        ).write(to: busConfig)
        try Data(
            """
            [server]
            host-name=breeze-test
            use-ipv4=yes
            use-ipv6=no
            allow-interfaces=lo
            enable-dbus=yes
            ratelimit-interval-usec=0
            [publish]
            publish-workstation=no
            publish-hinfo=no
            """.utf8
        ).write(to: directory.appendingPathComponent("avahi.conf"))
    }

    /// Starts the dbus-daemon and waits for its socket.
    func startBus() async throws {
        bus = try Self.spawn(
            "/usr/bin/dbus-daemon", ["--config-file=\(directory.path)/bus.conf", "--nofork"],
            log: directory.appendingPathComponent("bus.log"))
        let socket = directory.appendingPathComponent("bus").path
        let deadline = Date().addingTimeInterval(20)
        while access(socket, F_OK) != 0 {
            guard Date() < deadline else { throw Unavailable(description: "dbus-daemon made no socket: \(log("bus.log"))") }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Starts avahi-daemon (again) and waits until it owns its bus name.
    func startDaemon() async throws {
        let script =
            "ip link set lo up && ip link set lo multicast on && mount -t tmpfs tmpfs /run && "
            + "exec /usr/sbin/avahi-daemon --no-drop-root --no-chroot --no-proc-title -f \(directory.path)/avahi.conf"
        avahi = try Self.spawn(
            "/usr/bin/unshare", ["-n", "-m", "/bin/sh", "-c", script], log: directory.appendingPathComponent("avahi.log"),
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": busAddress])
        let deadline = Date().addingTimeInterval(30)
        while !log("avahi.log").contains("Server startup complete") {
            guard Date() < deadline, avahi?.isRunning == true else {
                throw Unavailable(description: "avahi-daemon did not start: \(log("avahi.log"))")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Stops avahi-daemon (SIGTERM) and waits for it.
    func stopDaemon() async {
        await avahi?.stop()
        avahi = nil
    }

    /// Publishes a service with avahi-publish (another host's clashing name); killed by `stop()`.
    func publish(name: String, port: UInt16) throws -> ChildProcess {
        try Self.spawn(
            "/usr/bin/avahi-publish", ["-s", name, "_http._tcp", String(port)],
            log: directory.appendingPathComponent("publish.log"), environment: ["DBUS_SYSTEM_BUS_ADDRESS": busAddress])
    }

    /// `avahi-browse -rptk _http._tcp` (k: the raw service type, not its description), resolved entries.
    func browse() async throws -> [Resolved] {
        let output = directory.appendingPathComponent("browse-\(UUID().uuidString.prefix(6)).txt")
        let process = try Self.spawn(
            "/usr/bin/avahi-browse", ["-rptk", "_http._tcp"], log: output,
            environment: ["DBUS_SYSTEM_BUS_ADDRESS": busAddress])
        if await process.wait(timeout: .seconds(30)) == nil { process.kill() }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap(Self.parse)
    }

    /// Browses until `matching` finds an entry or `seconds` pass.
    func find(within seconds: Double, _ matching: (Resolved) -> Bool) async throws -> Resolved? {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            if let found = try await browse().first(where: matching) { return found }
            try await Task.sleep(for: .milliseconds(250))
        } while Date() < deadline
        return nil
    }

    func log(_ name: String) -> String {
        (try? String(contentsOf: directory.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    func stop() async {
        await stopDaemon()
        await bus?.stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// `=;lo;IPv4;Breeze\032Test;Web Site;local;breeze-test.local;127.0.0.1;8080;"path=/" "api=…"`.
    static func parse(_ line: Substring) -> Resolved? {
        let fields = line.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard fields.count >= 10, fields[0] == "=", let port = UInt16(fields[8]) else { return nil }
        let txt = fields[9...].joined(separator: ";")
        var records: [String] = []
        var current: String?
        for character in txt {
            if character == "\"" {
                if let value = current { records.append(value); current = nil } else { current = "" }
            } else if current != nil {
                current?.append(character)
            }
        }
        return Resolved(name: unescape(fields[3]), type: fields[4], port: port, txt: records)
    }

    /// avahi-browse's `\DDD` (decimal byte) and `\.` escapes.
    static func unescape(_ text: String) -> String {
        var bytes: [UInt8] = []
        let source = Array(text.utf8)
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "\\"), index + 3 < source.count + 0,
                let value = UInt8(String(decoding: source[(index + 1)...min(index + 3, source.count - 1)], as: UTF8.self))
            {
                bytes.append(value)
                index += 4
            } else if source[index] == UInt8(ascii: "\\"), index + 1 < source.count {
                bytes.append(source[index + 1])
                index += 2
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A child with a clean signal mask (ChildProcess), its output appended to `log`, `environment` added
    /// through env(1).
    private static func spawn(
        _ executable: String, _ arguments: [String], log: URL, environment extra: [String: String] = [:]
    ) throws -> ChildProcess {
        let descriptor = open(log.path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Unavailable(description: "cannot create \(log.path)") }
        defer { close(descriptor) }
        let assignments = extra.map { "\($0.key)=\($0.value)" }
        return try ChildProcess(
            executable: "/usr/bin/env", arguments: assignments + [executable] + arguments, standardOutput: descriptor,
            standardError: descriptor)
    }
}
