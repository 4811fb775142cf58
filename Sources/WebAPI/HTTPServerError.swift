/// Why the server did not start.
public enum HTTPServerError: Error, Sendable, CustomStringConvertible {
    /// libmicrohttpd could not listen (address in use, no permission for the port, no such address...).
    case cannotListen(ListenAddress, reason: String)
    /// A fixed response could not be prepared (out of memory).
    case cannotPrepareResponses
    /// The limits make no sense.
    case invalidLimits(String)
    /// Two routes have the same path.
    case duplicateRoute(String)

    public var description: String {
        switch self {
        case .cannotListen(let address, let reason): "cannot listen on \(address): \(reason)"
        case .cannotPrepareResponses: "cannot prepare the fixed responses (out of memory?)"
        case .invalidLimits(let message): "invalid HTTP limits: \(message)"
        case .duplicateRoute(let path): "two routes for \(path)"
        }
    }
}
