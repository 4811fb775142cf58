public import JSON

/// Everything the doctor found, in the order it looked.
public struct DoctorReport: Sendable, Hashable {
    public let findings: [DoctorFinding]

    public init(findings: [DoctorFinding]) { self.findings = findings }

    /// The findings that stop the station from working.
    public var problems: [DoctorFinding] { findings.filter { $0.severity == .problem } }

    /// The findings that deserve attention but do not stop it.
    public var warnings: [DoctorFinding] { findings.filter { $0.severity == .warning } }

    /// 0 when nothing is wrong (warnings allowed), 1 when something is.
    public var exitStatus: Int32 { problems.isEmpty ? 0 : 1 }

    /// The findings whose check is `check`.
    public func findings(of check: String) -> [DoctorFinding] { findings.filter { $0.check == check } }

    /// The last line: `2 problems, 1 warning` or `no problems found`.
    public var summary: String {
        func count(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        if problems.isEmpty && warnings.isEmpty { return "no problems found" }
        if problems.isEmpty { return "no problems, \(count(warnings.count, "warning"))" }
        return warnings.isEmpty
            ? count(problems.count, "problem") : "\(count(problems.count, "problem")), \(count(warnings.count, "warning"))"
    }

    /// The printed report: one line per finding, at least `minimum` severe, then the summary.
    public func lines(minimum: DoctorFinding.Severity = .ok) -> [String] {
        findings.filter { $0.severity >= minimum }.map(\.description) + [summary]
    }

    /// `{"findings": [...], "problems": N, "warnings": N, "status": N}`
    public var json: JSONValue {
        .object([
            ("findings", .array(findings.map(\.json))),
            ("problems", .number(Double(problems.count))),
            ("warnings", .number(Double(warnings.count))),
            ("status", .number(Double(exitStatus))),
        ])
    }
}
