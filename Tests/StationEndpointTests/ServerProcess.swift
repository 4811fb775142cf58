import Foundation

/// `breeze-station serve` in a child process, so its memory is its own to measure.
final class ServerProcess {
    struct Failure: Error, CustomStringConvertible { let description: String }

    let process = Process()
    let port: UInt16
    private let output = Pipe()
    private let errors = Pipe()

    /// The executable, beside the test bundle in the build directory.
    static var executable: URL {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("breeze-station").path),
            directory.path != "/"
        {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("breeze-station")
    }

    init(arguments: [String]) throws {
        process.executableURL = Self.executable
        process.arguments = ["serve", "--listen", "127.0.0.1:0"] + arguments
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // The first line says where it listens.
        var line = Data()
        let handle = output.fileHandleForReading
        let deadline = Date().addingTimeInterval(30)
        while !line.contains(0x0A), Date() < deadline, process.isRunning {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard let range = text.range(of: "listening on 127.0.0.1:"),
            let port = UInt16(text[range.upperBound...].prefix { $0.isNumber })
        else {
            process.terminate()
            let stderr = String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
            throw Failure(description: "serve did not start: \(text) \(stderr)")
        }
        self.port = port
    }

    var pid: Int32 { process.processIdentifier }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
