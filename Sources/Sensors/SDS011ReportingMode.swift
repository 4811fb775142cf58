/// How an SDS011 reports (persists across power cycles).
public enum SDS011ReportingMode: UInt8, Sendable, CaseIterable {
    /// A data frame every second (or every working period): the factory setting.
    case active = 0
    /// A data frame only in answer to "query data".
    case query = 1

    /// `active reporting` / `query reporting`.
    public var text: String { self == .active ? "active reporting" : "query reporting" }
}

/// Whether an SDS011's fan and laser run.
public enum SDS011WorkState: UInt8, Sendable, CaseIterable {
    /// Fan and laser off; only "work" is answered.
    case sleep = 0
    /// Measuring.
    case work = 1

    /// `sleep` / `work`.
    public var text: String { self == .sleep ? "sleep" : "work" }
}
