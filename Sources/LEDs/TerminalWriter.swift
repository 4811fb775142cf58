import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Writes the terminal backend's LED line and the command's own lines to one stream without tearing: the
/// LED is redrawn in place (carriage return, erase line), and a text line is printed above it.
/// Thread-safe: the render thread draws while the command prints its steps.
public final class TerminalWriter: Sendable {
    private let sink: @Sendable (String) -> Void
    private let drawn = Mutex<String?>(nil)

    /// A writer to file descriptor `descriptor` (standard output by default).
    public convenience init(descriptor: Int32 = 1) {
        self.init { text in Self.write(text, to: descriptor) }
    }

    /// A writer to `sink` (tests collect the text).
    public init(sink: @escaping @Sendable (String) -> Void) {
        self.sink = sink
    }

    static let eraseLine = "\r\u{1B}[2K"

    /// Replaces the LED line with `text` (no newline).
    public func draw(_ text: String) {
        drawn.withLock { drawn in
            drawn = text
            sink(Self.eraseLine + text)
        }
    }

    /// Prints `text` as a line of its own, keeping the LED line below it.
    public func line(_ text: String) {
        drawn.withLock { drawn in
            sink(Self.eraseLine + text + "\n" + (drawn ?? ""))
        }
    }

    /// Ends the LED line with a newline, so what follows starts on a fresh line.
    public func finish() {
        drawn.withLock { drawn in
            if drawn != nil { sink("\n") }
            drawn = nil
        }
    }

    private static func write(_ text: String, to descriptor: Int32) {
        try? SystemCall.writeAll(descriptor, Array(text.utf8))
    }
}
