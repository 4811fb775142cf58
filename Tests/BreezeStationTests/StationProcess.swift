import Foundation
import HTTPTestSupport
import JSON
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A `breeze-station` (or another built executable) running as a child process: its output collected as it
/// comes, signals, exit status and time. Every wait runs on a thread of its own or polls with async sleeps,
/// so the Swift cooperative pool is never blocked.
final class StationProcess: Sendable {
    struct Failure: Error, CustomStringConvertible { let description: String }

    /// What the reader threads fill in (they hold this, not the process object, so `deinit` can kill).
    private final class Collected: Sendable {
        let output = Mutex<(stdout: [UInt8], stderr: [UInt8])>(([], []))
        let exit = Mutex<(status: Int32, at: Date)?>(nil)
        let signalled = Mutex(false)
    }

    private let process: Process
    private let collected = Collected()

    /// Starts the executable `name` (beside the test bundle) with `arguments` and extra `environment`.
    init(_ arguments: [String], executable name: String = "breeze-station", environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = StationBinary.url.deletingLastPathComponent().appendingPathComponent(name)
        process.arguments = arguments
        var variables = ProcessInfo.processInfo.environment
        for key in ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "JOURNAL_STREAM", "STATE_DIRECTORY"] {
            variables[key] = nil
        }
        // Never the machine's avahi-daemon: a station under test must not announce itself on a real LAN.
        variables["DBUS_SYSTEM_BUS_ADDRESS"] = StationBinary.noSystemBus
        variables.merge(environment) { $1 }
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        self.process = process
        try process.run()
        let box = collected
        for (handle, isError) in [(out.fileHandleForReading, false), (err.fileHandleForReading, true)] {
            Thread {
                while true {
                    let chunk = handle.availableData
                    if chunk.isEmpty { break }
                    box.output.withLock { isError ? $0.stderr.append(contentsOf: chunk) : $0.stdout.append(contentsOf: chunk) }
                }
            }.start()
        }
        let pid = process.processIdentifier
        Thread {
            // The kernel's word, not Foundation's: Foundation reports an exit from its own monitor, which was
            // seen to come more than 10 s after the child had gone on a loaded machine. waitid(WNOWAIT) waits
            // for the child to end and leaves it for Foundation to reap.
            if let ended = Self.waitForEnd(of: pid) {
                box.signalled.withLock { $0 = ended.bySignal }
                box.exit.withLock { $0 = (ended.status, Date()) }
                return
            }
            // Foundation reaped it first (ECHILD): its report is due now.
            process.waitUntilExit()
            box.signalled.withLock { $0 = process.terminationReason == .uncaughtSignal }
            box.exit.withLock { $0 = (process.terminationStatus, Date()) }
        }.start()
    }

    /// Blocks until the child `pid` has ended, without reaping it: its exit status (or signal number), or nil
    /// when it is no longer there to wait for (already reaped).
    private static func waitForEnd(of pid: Int32) -> (status: Int32, bySignal: Bool)? {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 {
            if errno != EINTR { return nil }
        }
        let status = info._sifields._sigchld.si_status
        switch info.si_code {
        case Int32(CLD_EXITED): return (status, false)
        case Int32(CLD_KILLED), Int32(CLD_DUMPED): return (status, true)
        default: return nil
        }
    }

    var pid: Int32 { process.processIdentifier }
    var stdout: String { collected.output.withLock { String(decoding: $0.stdout, as: UTF8.self) } }
    var stderr: String { collected.output.withLock { String(decoding: $0.stderr, as: UTF8.self) } }
    /// The exit status and when it came, once exited.
    var exited: (status: Int32, at: Date)? { collected.exit.withLock { $0 } }
    /// Whether it ended by an uncaught signal (then `exited.status` is the signal's number), once exited.
    var killedBySignal: Bool { collected.signalled.withLock { $0 } }

    /// Sends `signal`.
    func send(_ signal: Int32) { kill(process.processIdentifier, signal) }

    /// Polls `condition` every 20 ms until it holds or `seconds` pass; returns whether it held.
    func wait(_ seconds: Double, until condition: () async throws -> Bool) async rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try await condition() { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }

    /// The port from the `serving on HOST:PORT` log line, once it appears (within `seconds`).
    func servingPort(within seconds: Double = 60) async throws -> UInt16 {
        var port: UInt16?
        _ = await wait(seconds) {
            if let range = stderr.range(of: "serving on 127.0.0.1:") {
                port = UInt16(stderr[range.upperBound...].prefix { $0.isNumber })
            }
            return port != nil || exited != nil
        }
        guard let port else { throw Failure(description: "no 'serving on' line; stderr:\n\(stderr)") }
        return port
    }

    /// Waits for the exit; nil when still running after `seconds`.
    func waitForExit(within seconds: Double) async -> (status: Int32, at: Date)? {
        _ = await wait(seconds) { exited != nil }
        return exited
    }

    /// The lines the terminal LED backend drew, newest last: `#rrggbb` or `off`.
    var ledFrames: [String] {
        let plain = stdout.replacingOccurrences(of: "\u{1B}[2K", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        return plain.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("LED ") else { return nil }
            return line.split(separator: " ").last.map(String.init)
        }
    }

    deinit {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
        }
    }
}

/// GET a path of a station on loopback, off the cooperative pool.
func getJSON(_ path: String, port: UInt16) async throws -> JSONValue {
    let exchange = try await offPool { try RawHTTPClient.request("GET", path, port: port) }
    return try JSONValue.parse(exchange.body)
}

/// A fresh temporary directory.
func scratchDirectory(_ name: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString.prefix(8))")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
