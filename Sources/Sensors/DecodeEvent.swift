/// What a streaming decoder produces: a valid message, or an error it recovered from.
public enum DecodeEvent<Message: Sendable>: Sendable {
    /// A frame that passed every check.
    case message(Message)
    /// A rejected frame or skipped bytes; decoding goes on after it.
    case error(FrameError)

    /// The message, if this is one.
    public var message: Message? {
        if case .message(let message) = self { return message }
        return nil
    }

    /// The error, if this is one.
    public var error: FrameError? {
        if case .error(let error) = self { return error }
        return nil
    }
}

extension DecodeEvent: Equatable where Message: Equatable {}
