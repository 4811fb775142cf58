/// Severity of a log line. Each maps to a syslog priority, written as the `<N>` prefix that journald reads
/// from a service's stderr (sd-daemon(3)).
public enum LogLevel: String, Sendable, CaseIterable, Codable, Comparable {
    /// Detail for developers (`<7>`).
    case debug
    /// Normal events (`<6>`).
    case info
    /// Normal but significant events, such as start-up and shutdown (`<5>`).
    case notice
    /// Something is wrong but the station copes (`<4>`).
    case warning
    /// Something failed (`<3>`).
    case error

    /// The syslog priority number.
    public var syslogPriority: Int {
        switch self {
        case .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        }
    }

    private var rank: Int { 7 - syslogPriority }

    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rank < rhs.rank }
}
