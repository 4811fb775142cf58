import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Where log lines go. One method: write one finished line (without the trailing newline).
public protocol LogSink: Sendable {
    /// Writes one line.
    func write(_ line: String)
}

/// Writes lines to standard error in one `write(2)` each, so lines from several threads never interleave.
public struct StandardErrorSink: LogSink {
    /// A sink on file descriptor 2.
    public init() {}

    public func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        // When stderr is gone there is nowhere to report it.
        try? SystemCall.writeAll(2, bytes)
    }
}

/// Keeps lines in memory, for tests.
public final class InMemoryLogSink: LogSink {
    private let storage = Mutex<[String]>([])

    /// An empty sink.
    public init() {}

    public func write(_ line: String) {
        storage.withLock { $0.append(line) }
    }

    /// Every line written so far.
    public var lines: [String] { storage.withLock { $0 } }
}
