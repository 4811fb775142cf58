public import JSON

/// One line of the doctor's report: what was checked and what was found; for a problem, what to do.
public struct DoctorFinding: Sendable, Hashable, CustomStringConvertible {
    /// How much a finding matters.
    public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
        /// Checked and fine.
        case ok
        /// Worth knowing; nothing to do.
        case info
        /// Works, but not as well as it could (the exit status stays 0).
        case warning
        /// The station will not work like this (exit status 1).
        case problem

        /// The tag at the start of the printed line.
        public var tag: String {
            switch self {
            case .ok: "ok  "
            case .info: "info"
            case .warning: "warn"
            case .problem: "FAIL"
            }
        }

        private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    public let severity: Severity
    /// The check, one word: `board`, `config`, `serial-console`, `uart`, `i2c`, `device`, `access`, `group`,
    /// `gpio-chip`, `gpio-line`, `state-directory`, `memory-limit`.
    public let check: String
    /// One line; for a problem or warning it ends with what to do.
    public let message: String

    public init(_ severity: Severity, _ check: String, _ message: String) {
        self.severity = severity
        self.check = check
        self.message = message
    }

    /// `FAIL serial-console: ...`
    public var description: String { "\(severity.tag) \(check): \(message)" }

    /// `{"severity": ..., "check": ..., "message": ...}`
    public var json: JSONValue {
        .object([("severity", .string(severity.rawValue)), ("check", .string(check)), ("message", .string(message))])
    }
}

extension DoctorFinding {
    static func ok(_ check: String, _ message: String) -> DoctorFinding { DoctorFinding(.ok, check, message) }
    static func info(_ check: String, _ message: String) -> DoctorFinding { DoctorFinding(.info, check, message) }
    static func warning(_ check: String, _ message: String) -> DoctorFinding {
        DoctorFinding(.warning, check, message)
    }
    static func problem(_ check: String, _ message: String) -> DoctorFinding {
        DoctorFinding(.problem, check, message)
    }
}
