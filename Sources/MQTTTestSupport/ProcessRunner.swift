public import Foundation
import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Runs a short-lived program to completion without blocking a thread: the tests run on Swift's cooperative
/// pool (two threads on a 2-core CI machine), where a blocking wait would stall every other test.
public enum ProcessRunner {
    /// What a finished program left.
    public struct Result: Sendable {
        /// The exit status (or the signal number, as Foundation reports it).
        public let status: Int32
        /// Standard output and standard error, interleaved as written.
        public let output: String
    }

    /// Runs `path` with `arguments` (stdin from `input`, or empty) and waits for it to exit.
    public static func run(
        _ path: String, _ arguments: [String], input: Data? = nil, currentDirectory: URL? = nil
    ) async throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let output = Pipe()
        let stdin = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = stdin
        let collected = Collected()
        output.fileHandleForReading.readabilityHandler = { handle in
            let data = handle.availableData
            if !data.isEmpty { collected.append(data) }
        }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { finished in continuation.resume(returning: finished.terminationStatus) }
            do {
                try process.run()
            } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
                return
            }
            if let input { stdin.fileHandleForWriting.write(input) }
            try? stdin.fileHandleForWriting.close()
        }
        output.fileHandleForReading.readabilityHandler = nil
        // Whatever the handler had not picked up yet, read without waiting: the program has exited, but a child
        // another test spawned meanwhile (a broker, mosquitto_sub) may have inherited the pipe's write end, so
        // reading to the end of file could block this pool thread for as long as that child lives.
        collected.append(Self.availableBytes(output.fileHandleForReading.fileDescriptor))
        return Result(status: status, output: String(decoding: collected.data, as: UTF8.self))
    }

    /// The bytes `descriptor` holds now, read without blocking.
    private static func availableBytes(_ descriptor: Int32) -> Data {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Until nothing more is there (EAGAIN), the end, or an error; EINTR is retried by SystemCall.
        while let count = try? SystemCall.run("read", { buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) } }),
            count > 0
        {
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }

    private final class Collected: Sendable {
        private let storage = Mutex(Data())
        func append(_ data: Data) { storage.withLock { $0.append(data) } }
        var data: Data { storage.withLock { $0 } }
    }
}
