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
    public static func run(_ name: String, _ arguments: [String]) throws -> String {
        guard let path = executable(name) else { throw MosquittoBroker.Failure("\(name) is not installed") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else {
            throw MosquittoBroker.Failure("\(name) \(arguments.joined(separator: " ")) exited \(process.terminationStatus): \(text)")
        }
        return text
    }

    /// Publishes one message with `mosquitto_pub` (a client independent of the code under test).
    public static func publish(
        port: Int, topic: String, message: String, retain: Bool = false, qos: Int = 1, username: String? = nil,
        password: String? = nil
    ) throws {
        let login = (username.map { ["-u", $0] } ?? []) + (password.map { ["-P", $0] } ?? [])
        try run(
            "mosquitto_pub",
            ["-h", "127.0.0.1", "-p", String(port), "-t", topic, "-m", message, "-q", String(qos)] + login
                + (retain ? ["-r"] : []))
    }
}
