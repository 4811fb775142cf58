import CPOSIX

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Wakes a thread out of `poll(2)`: any thread ``signal()``s, the polling thread watches ``descriptor`` with
/// its other descriptors and ``drain()``s it. An `eventfd(2)` counter, non-blocking: signalling never blocks
/// and signals given before the poll are not lost (the counter stays readable until drained).
public final class Wakeup: Sendable {
    private let counter: FileDescriptor

    /// A wakeup, not signalled.
    ///
    /// - Throws: ``SystemError`` of `eventfd` (`EMFILE`: out of descriptors).
    public init() throws(SystemError) {
        counter = FileDescriptor(
            owning: try SystemCall.run("eventfd") { eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC)) })
    }

    /// The descriptor to poll for `POLLIN`; it is readable while signalled. Owned by the wakeup.
    public var descriptor: Int32 { counter.rawValue }

    /// Wakes the polling thread. Callable from any thread; never blocks.
    public func signal() {
        var one: UInt64 = 1
        // EAGAIN only when the counter is about to overflow: it is signalled anyway.
        _ = try? SystemCall.run("write(eventfd)") { write(counter.rawValue, &one, 8) }
    }

    /// Clears the signal (the polling thread, after `poll` said ``descriptor`` is readable).
    public func drain() {
        var value: UInt64 = 0
        // EAGAIN when nothing was signalled: already clear.
        _ = try? SystemCall.run("read(eventfd)") { read(counter.rawValue, &value, 8) }
    }

    /// Waits until signalled or `milliseconds` have passed (nil: until signalled), then clears the signal.
    public func wait(milliseconds: Int32?) {
        var poller = pollfd(fd: counter.rawValue, events: Int16(POLLIN), revents: 0)
        let timeout = milliseconds.map { max(0, $0) } ?? -1
        // An interruption ends the wait early; the callers loop on their own deadlines.
        _ = try? SystemCall.run("poll(eventfd)", retryOnInterrupt: false) { poll(&poller, 1, timeout) }
        drain()
    }
}
