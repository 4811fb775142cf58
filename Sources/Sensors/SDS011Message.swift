/// What an SDS011 byte stream carries.
public enum SDS011Message: Sendable, Hashable {
    /// A data frame (0xC0).
    case data(SDS011Reading)
    /// A reply to a command (0xC5).
    case reply(SDS011Reply)
    /// A host command (0xB4), seen when decoding what the host sent.
    case command(SDS011Request)
}
