import CPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A pipe whose two ends are owned (closed exactly once each) and created close-on-exec in one call
/// (`pipe2`), so a child spawned by another thread at the same moment never inherits them. Frozen, so its
/// two ends can be taken apart: `let reader = pipe.readEnd` moves that end out and leaves the other.
@frozen public struct Pipe: ~Copyable, Sendable {
    /// The end to read.
    public let readEnd: FileDescriptor
    /// The end to write.
    public let writeEnd: FileDescriptor

    /// A new pipe; `nonBlocking` sets `O_NONBLOCK` on both ends.
    ///
    /// - Throws: ``SystemError`` of `pipe2` (`EMFILE`: out of descriptors).
    public init(nonBlocking: Bool) throws(SystemError) {
        var ends: [Int32] = [-1, -1]
        try SystemCall.run("pipe2") { pipe2(&ends, O_CLOEXEC | (nonBlocking ? O_NONBLOCK : 0)) }
        readEnd = FileDescriptor(owning: ends[0])
        writeEnd = FileDescriptor(owning: ends[1])
    }
}
