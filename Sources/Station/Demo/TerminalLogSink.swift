public import Diagnostics
public import LEDs

/// Log lines printed above the terminal LED line (``LEDs/TerminalWriter/line(_:)``), so the demo's LED stays
/// drawn at the bottom while the station logs.
public struct TerminalLogSink: LogSink {
    private let writer: TerminalWriter

    /// A sink on `writer`.
    public init(writer: TerminalWriter) {
        self.writer = writer
    }

    public func write(_ line: String) {
        writer.line(line)
    }
}
