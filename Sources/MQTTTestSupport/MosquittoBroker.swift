public import Foundation
import Synchronization

/// A real Eclipse Mosquitto broker on loopback, started as a child process for one test: its own port, its
/// own temporary directory and configuration, stopped (and restartable on the same port) by the test.
/// Never touches a system broker on 1883.
public final class MosquittoBroker: Sendable {
    /// A failure to start or talk to the broker, with its log.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
        public init(_ description: String) { self.description = description }
    }

    /// A TLS listener: certificate files in PEM.
    public struct TLSListener: Sendable {
        public var port: Int
        public var caFile: String
        public var certificateFile: String
        public var keyFile: String

        public init(port: Int, caFile: String, certificateFile: String, keyFile: String) {
            self.port = port
            self.caFile = caFile
            self.certificateFile = certificateFile
            self.keyFile = keyFile
        }
    }

    /// The plain listener's port on 127.0.0.1 (chosen again by `start()` when the one chosen at init was
    /// taken in the meantime, before the broker ever ran; read it after `start()`).
    public var port: Int { listener.withLock { $0.port } }
    /// The broker's temporary directory (configuration, password file, log).
    public let directory: URL
    /// The configuration file.
    public let configurationFile: URL
    private let logFile: URL
    private let process = Mutex<ChildProcess?>(nil)
    /// The plain listener's port, whether this broker chose it, and whether it has run on it.
    private let listener: Mutex<(port: Int, automatic: Bool, hasRun: Bool)>
    /// The configuration after the plain listener's line (the TLS listener, the users).
    private let configurationTail: [String]

    /// `mosquitto`, wherever Debian put it (`/usr/sbin` is not on every test runner's PATH).
    public static var executable: String? {
        ["/usr/sbin/mosquitto", "/usr/bin/mosquitto", "/usr/local/sbin/mosquitto", "/usr/local/bin/mosquitto"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the Debian packages the MQTT tests need (`mosquitto`, `mosquitto-clients`) are installed.
    public static var isAvailable: Bool {
        executable != nil && MosquittoClients.executable("mosquitto_sub") != nil
            && MosquittoClients.executable("mosquitto_pub") != nil
    }

    /// Whether the real-broker tests run: mosquitto is installed and `BREEZE_MQTT_BROKER_TESTS=1`.
    ///
    /// `make test` runs them in a pass of their own (`make mqtt-broker-tests`), after the main `swift test`:
    /// their time bounds (a re-announcement within 2 s, a keepalive expiry) are then not judged while other
    /// suites hold both cooperative threads of a 2-core machine with blocking work (headless Chromium, the
    /// HTTP abuse tests), and they do not add their brokers and processes to that load either.
    ///
    /// Under `make test` (`BREEZE_REQUIRE_BROKER=1`) they are enabled whether or not mosquitto is installed, so
    /// a missing broker fails them (``isRequired``) instead of skipping them; plain `swift test` on a machine
    /// without mosquitto still skips.
    public static var testsEnabled: Bool {
        (isAvailable || isRequired) && ProcessInfo.processInfo.environment["BREEZE_MQTT_BROKER_TESTS"] == "1"
    }

    /// Whether the real-broker tests must run (`BREEZE_REQUIRE_BROKER=1`, set by `make test`).
    public static var isRequired: Bool {
        ProcessInfo.processInfo.environment["BREEZE_REQUIRE_BROKER"] == "1"
    }

    /// Writes the configuration; `start()` runs it.
    ///
    /// - Parameters:
    ///   - users: user name → password; when given, anonymous clients are refused (a `mosquitto_passwd` file).
    ///   - tls: an extra TLS listener.
    public init(port: Int? = nil, users: [String: String] = [:], tls: TLSListener? = nil) async throws {
        listener = Mutex((port: try port ?? Self.freePort(), automatic: port == nil, hasRun: false))
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "breeze-mosquitto-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        configurationFile = directory.appendingPathComponent("mosquitto.conf")
        logFile = directory.appendingPathComponent("mosquitto.log")
        var lines: [String] = []
        if let tls {
            lines += [
                "listener \(tls.port) 127.0.0.1", "cafile \(tls.caFile)", "certfile \(tls.certificateFile)",
                "keyfile \(tls.keyFile)",
            ]
        }
        if users.isEmpty {
            lines.append("allow_anonymous true")
        } else {
            let passwordFile = directory.appendingPathComponent("passwords")
            for (user, password) in users.sorted(by: { $0.key < $1.key }) {
                let create = !FileManager.default.fileExists(atPath: passwordFile.path)
                try await MosquittoClients.run(
                    "mosquitto_passwd", ["-b"] + (create ? ["-c"] : []) + [passwordFile.path, user, password])
            }
            lines += ["allow_anonymous false", "password_file \(passwordFile.path)"]
        }
        configurationTail = lines
        try writeConfiguration()
    }

    /// Writes the configuration for the plain listener's current port.
    private func writeConfiguration() throws {
        var lines = [
            "per_listener_settings false",
            "persistence false",
            "log_dest file \(logFile.path)",
            "log_type all",
            "connection_messages true",
            "listener \(port) 127.0.0.1",
        ]
        // Run as root (CI), mosquitto would drop to the `mosquitto` user, which may not read our files.
        if geteuid() == 0 { lines.insert("user root", at: 0) }
        try Data(((lines + configurationTail).joined(separator: "\n") + "\n").utf8).write(to: configurationFile)
    }

    deinit {
        process.withLock { $0 }?.kill()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Starts the broker and waits until it runs and accepts connections (at most `timeout`). The log must
    /// say it runs: a port taken by someone else would otherwise look like a broker that started.
    ///
    /// A port this broker chose itself that another process took between the choice and the start (a free
    /// port is only free when it is checked) is chosen again (three choices at most), as long as the broker
    /// has never run: a restart keeps its port, which its clients know.
    public func start(timeout: Duration = .seconds(15)) async throws {
        guard let executable = Self.executable else { throw Failure("mosquitto is not installed (Debian: mosquitto)") }
        let deadline = ContinuousClock.now + timeout
        var choices = 1
        while true {
            try? FileManager.default.removeItem(at: logFile)
            let child = try ChildProcess(executable: executable, arguments: ["-c", configurationFile.path])
            process.withLock { $0 = child }
            while ContinuousClock.now < deadline {
                if child.exitStatus != nil { break }
                if log.contains(" running"), Self.acceptsConnections(port: port) {
                    listener.withLock { $0.hasRun = true }
                    return
                }
                try await Task.sleep(for: .milliseconds(20))
            }
            guard let status = child.exitStatus else {
                await stop()
                throw Failure("mosquitto did not accept connections on \(port) within \(timeout): \(log)")
            }
            let log = self.log
            let chooseAgain = listener.withLock { $0.automatic && !$0.hasRun } && choices < 3
                && log.contains("Address already in use")
            guard chooseAgain else { throw Failure("mosquitto exited with status \(status): \(log)") }
            let port = try Self.freePort()
            listener.withLock { $0.port = port }
            try writeConfiguration()
            choices += 1
        }
    }

    /// Stops the broker (SIGTERM, then SIGKILL after 5 s) and waits for it to exit.
    public func stop() async {
        let child = process.withLock { process -> ChildProcess? in
            defer { process = nil }
            return process
        }
        await child?.stop()
    }

    /// Adds (or changes) a user in the password file and makes the running broker reload it (SIGHUP).
    public func addUser(_ user: String, password: String) async throws {
        let passwordFile = directory.appendingPathComponent("passwords")
        try await MosquittoClients.run("mosquitto_passwd", ["-b", passwordFile.path, user, password])
        guard let child = process.withLock({ $0 }) else { throw Failure("the broker is not running") }
        child.send(SIGHUP)
    }

    /// Whether the broker process runs.
    public var isRunning: Bool { process.withLock { $0?.isRunning ?? false } }

    /// The broker's log so far (for failure messages).
    public var log: String { (try? String(contentsOf: logFile, encoding: .utf8)) ?? "" }

    private static let handedOut = Mutex<Set<Int>>([])

    /// A port that was free a moment ago on 127.0.0.1, never handed out before in this process, and below
    /// the kernel's ephemeral range (32768 and up), so no client socket takes it as its source port meanwhile.
    public static func freePort() throws -> Int {
        for _ in 0..<200 {
            let candidate = Int.random(in: 20_000..<32_000)
            let fresh = handedOut.withLock { $0.insert(candidate).inserted }
            if fresh && isBindable(port: candidate) { return candidate }
        }
        throw Failure("no free port found between 20000 and 32000")
    }

    private static func isBindable(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return bound == 0
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    public static func acceptsConnections(port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = loopback(port: port)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        return result == 0
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
