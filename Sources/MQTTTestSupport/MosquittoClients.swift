import Foundation

/// The command-line clients of Debian's `mosquitto-clients` (and `mosquitto_passwd` of `mosquitto`).
public enum MosquittoClients {
    /// The path of a client program, if installed.
    public static func executable(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/sbin/\(name)", "/usr/local/bin/\(name)"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs a client to completion; throws with its output when it fails.
    @discardableResult
    public static func run(_ name: String, _ arguments: [String]) async throws -> String {
        guard let path = executable(name) else { throw MosquittoBroker.Failure("\(name) is not installed") }
        let result = try await ProcessRunner.run(path, arguments)
        guard result.status == 0 else {
            throw MosquittoBroker.Failure(
                "\(name) \(arguments.joined(separator: " ")) exited \(result.status): \(result.output)")
        }
        return result.output
    }

    /// Publishes one message with `mosquitto_pub` (a client independent of the code under test).
    public static func publish(
        port: Int, topic: String, message: String, retain: Bool = false, qos: Int = 1, username: String? = nil,
        password: String? = nil
    ) async throws {
        let login = (username.map { ["-u", $0] } ?? []) + (password.map { ["-P", $0] } ?? [])
        try await run(
            "mosquitto_pub",
            ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-m", message, "-q", String(qos)] + login
                + (retain ? ["-r"] : []))
    }
}
