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
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(2, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return  // stderr is gone; there is nowhere to report it.
                }
                offset += written
            }
        }
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
