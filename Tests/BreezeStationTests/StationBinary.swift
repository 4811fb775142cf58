import Foundation

/// Runs the built `breeze-station` executable, as users and scripts do.
struct StationBinary {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// Stdout parsed as one JSON object.
        func json() throws -> [String: Any] {
            let object = try JSONSerialization.jsonObject(with: Data(stdout.utf8))
            guard let dictionary = object as? [String: Any] else { throw CocoaError(.propertyListReadCorrupt) }
            return dictionary
        }
    }

    /// A D-Bus system bus address where no bus is, given to every station under test.
    static let noSystemBus = "unix:path=/nonexistent/breeze-station-tests/system_bus_socket"

    /// The executable, beside the test bundle in the build directory.
    static var url: URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        // The test bundle may sit inside `<name>.xctest/`; the executable sits in the products directory.
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("breeze-station").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("breeze-station")
    }

    /// Runs the executable with `arguments` and waits for it on a thread of its own, so a test waiting for a
    /// child process never holds one of the few threads of Swift's cooperative pool (on a 2-core machine, two
    /// blocked waits would stall every other async test).
    static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                continuation.resume(
                    with: Swift.Result { try runBlocking(arguments, stdin: stdin, environment: environment) })
            }
            thread.start()
        }
    }

    /// Runs the executable and waits for it, blocking the calling thread.
    static func runBlocking(
        _ arguments: [String], stdin: String? = nil, environment: [String: String]? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var variables = environment ?? ProcessInfo.processInfo.environment
        // Never the machine's avahi-daemon (DNS-SD): a station under test must not announce itself on a real LAN.
        if environment?["DBUS_SYSTEM_BUS_ADDRESS"] == nil { variables["DBUS_SYSTEM_BUS_ADDRESS"] = noSystemBus }
        process.environment = variables
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let input = Pipe()
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Drain stderr on another thread so a chatty child never blocks on a full pipe while we read stdout.
        let errorData = ErrorBuffer()
        let errorReader = Thread { errorData.set(err.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errData = errorData.wait()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }
}

/// Bytes read by one thread and handed to another.
private final class ErrorBuffer: @unchecked Sendable {
    private let condition = NSCondition()
    private var data: Data?

    func set(_ value: Data) {
        condition.lock()
        data = value
        condition.signal()
        condition.unlock()
    }

    func wait() -> Data {
        condition.lock()
        defer { condition.unlock() }
        while data == nil { condition.wait() }
        return data ?? Data()
    }
}
