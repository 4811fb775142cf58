public import Clocks
import FoundationEssentials

/// How a log line is laid out.
public enum LogFormat: Sendable {
    /// `<6>label: message`: the priority prefix journald reads from stderr; journald adds the time.
    case journald
    /// `2026-11-30T16:00:00Z info label: message`: for a terminal.
    case terminal

    /// `.journald` when stderr is connected to the journal (systemd sets `JOURNAL_STREAM`), else `.terminal`.
    public static func detect(environment: [String: String]) -> LogFormat {
        environment["JOURNAL_STREAM"] == nil ? .terminal : .journald
    }
}

/// A small logger: one line per event, levels, journald priorities, and rate limiting for errors that repeat.
///
/// Components are handed a logger (usually a ``child(_:)`` of the station's) and never make one.
public struct Logger: Sendable {
    /// The component name written on each line.
    public let label: String
    /// Lines below this level are dropped.
    public var minimumLevel: LogLevel

    private let sink: any LogSink
    private let format: LogFormat
    private let clock: any StationClock
    private let limiter: LogRateLimiter

    /// A logger writing to `sink`.
    public init(
        label: String,
        minimumLevel: LogLevel = .info,
        sink: any LogSink = StandardErrorSink(),
        format: LogFormat = .journald,
        clock: any StationClock = SystemClock()
    ) {
        self.label = label
        self.minimumLevel = minimumLevel
        self.sink = sink
        self.format = format
        self.clock = clock
        self.limiter = LogRateLimiter()
    }

    /// A logger for a sub-component: same sink, level, clock and rate limits; label `parent.name`.
    public func child(_ name: String) -> Logger {
        Logger(copying: self, label: label.isEmpty ? name : "\(label).\(name)")
    }

    private init(copying other: Logger, label: String) {
        self.label = label
        self.minimumLevel = other.minimumLevel
        self.sink = other.sink
        self.format = other.format
        self.clock = other.clock
        self.limiter = other.limiter
    }

    /// Whether a line at `level` would be written.
    public func isEnabled(_ level: LogLevel) -> Bool { level >= minimumLevel }

    /// Writes `message` at `level`. Newlines in the message are replaced so each event stays one line.
    public func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard isEnabled(level) else { return }
        emit(level, message())
    }

    /// Writes `message` at most once per `interval` for `key`; the next line that gets through says how many
    /// were suppressed. For errors that repeat every second while a disk is full or a cable is out.
    public func log(
        _ level: LogLevel, every interval: Duration, key: String, _ message: @autoclosure () -> String
    ) {
        guard isEnabled(level) else { return }
        let decision = limiter.admit(key: "\(label)|\(key)", now: clock.now, interval: interval)
        guard case .admit(let suppressed) = decision else { return }
        let suffix = suppressed > 0 ? " (\(suppressed) similar suppressed)" : ""
        emit(level, message() + suffix)
    }

    /// A debug line.
    public func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    /// An info line.
    public func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    /// A notice line.
    public func notice(_ message: @autoclosure () -> String) { log(.notice, message()) }
    /// A warning line.
    public func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    /// An error line.
    public func error(_ message: @autoclosure () -> String) { log(.error, message()) }

    private func emit(_ level: LogLevel, _ message: String) {
        let text = message.contains(where: \.isNewline)
            ? String(message.map { $0.isNewline ? " " : $0 }) : message
        let prefix = label.isEmpty ? "" : "\(label): "
        switch format {
        case .journald:
            sink.write("<\(level.syslogPriority)>\(prefix)\(text)")
        case .terminal:
            let time = clock.now.formatted(.iso8601)
            sink.write("\(time) \(level.rawValue) \(prefix)\(text)")
        }
    }
}
