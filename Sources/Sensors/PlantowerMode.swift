/// How a Plantower sensor reports.
public enum PlantowerMode: String, Sendable, CaseIterable {
    /// Answers only the "read in passive mode" command.
    case passive
    /// Streams a frame every 0.2-2.3 s (the power-up default).
    case active
}
