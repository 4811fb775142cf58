/// What a Plantower byte stream carries.
public enum PlantowerMessage: Sendable, Hashable {
    /// A data frame.
    case data(PlantowerFrame)
    /// An acknowledgement of a mode or sleep command.
    case acknowledgement(PlantowerAcknowledgement)
    /// A host command (seen when decoding what the host sent, e.g. by an emulator or in a capture).
    case command(PlantowerCommand)
}
