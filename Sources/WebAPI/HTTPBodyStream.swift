/// A response body read in chunks as libmicrohttpd sends it, so a large download (a year of history as CSV)
/// never sits in memory whole.
///
/// `next` is called on the connection's server thread, one call at a time, whenever the socket can take
/// more: it returns the next chunk (an empty chunk is skipped), nil at the end, or throws to abort (the
/// connection is closed, so the client sees a truncated transfer rather than a complete-looking file).
/// It runs on a server thread like any handler: one bounded read per chunk, never a wait on the network.
public struct HTTPBodyStream: Sendable {
    /// The next chunk; nil at the end.
    public let next: @Sendable () throws -> [UInt8]?

    /// A stream of the chunks `next` returns.
    public init(next: @escaping @Sendable () throws -> [UInt8]?) {
        self.next = next
    }
}
