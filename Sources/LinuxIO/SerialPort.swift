#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif
public import POSIX
public import Sensors

/// A tty opened for a sensor: raw 8N1 at the sensor's baud, no flow control and no XON/XOFF (binary frames
/// contain 0x11 and 0x13), exclusive, non-blocking, waited on with poll() and explicit deadlines.
///
/// Calls block the calling thread for at most their timeout: use it from a dedicated thread or queue
/// (``SerialByteStream`` does), never from the Swift cooperative pool. Not thread-safe.
public final class SerialPort {
    /// The path opened (a symlink such as `/dev/serial0` or `/dev/serial/by-id/...` is followed by open()).
    public let path: String
    /// The baud rate.
    public let baudRate: Int
    private var descriptor: Int32

    /// Opens `path` at `baudRate`.
    /// - Parameter exclusive: set TIOCEXCL, so a second program cannot open the port and steal bytes.
    /// - Throws: ``Sensors/TransportError`` (not found, permission denied, busy, not a tty, ...).
    public init(path: String, baudRate: Int, exclusive: Bool = true) throws(TransportError) {
        guard let speed = BaudRate.speed(baudRate) else {
            throw .unsupported("\(path): \(baudRate) baud is not a termios speed")
        }
        self.path = path
        self.baudRate = baudRate
        do {
            descriptor = try SystemCall.run("open(\(path))") { open(path, O_RDWR | O_NOCTTY | O_NONBLOCK | O_CLOEXEC) }
        } catch {
            throw TransportError(error, device: path)
        }
        do {
            if exclusive { try SystemCall.run("ioctl(\(path), TIOCEXCL)") { ioctl(descriptor, UInt(TIOCEXCL)) } }
            var settings = termios()
            try SystemCall.run("tcgetattr(\(path))") { tcgetattr(descriptor, &settings) }
            cfmakeraw(&settings)
            settings.c_cflag |= tcflag_t(CLOCAL) | tcflag_t(CREAD) | tcflag_t(CS8)
            settings.c_cflag &= ~(tcflag_t(CSTOPB) | tcflag_t(PARENB) | tcflag_t(CRTSCTS))
            settings.c_iflag &= ~(tcflag_t(IXON) | tcflag_t(IXOFF) | tcflag_t(IXANY) | tcflag_t(ISTRIP))
            settings.c_iflag &= ~(tcflag_t(ICRNL) | tcflag_t(INLCR) | tcflag_t(IGNCR))
            // Non-blocking reads; waiting is poll()'s job, so a hang-up's zero-byte read is never mistaken for
            // a VTIME timeout.
            withUnsafeMutableBytes(of: &settings.c_cc) { cc in
                cc[Int(VMIN)] = 0
                cc[Int(VTIME)] = 0
            }
            try SystemCall.run("cfsetispeed(\(path))") { cfsetispeed(&settings, speed) }
            try SystemCall.run("cfsetospeed(\(path))") { cfsetospeed(&settings, speed) }
            try SystemCall.run("tcsetattr(\(path))") { tcsetattr(descriptor, TCSANOW, &settings) }
            try SystemCall.run("tcflush(\(path))") { tcflush(descriptor, TCIOFLUSH) }
        } catch {
            Glibc.close(descriptor)
            descriptor = -1
            throw TransportError(error, device: path)
        }
    }

    deinit {
        close()
    }

    /// Whether the port is open.
    public var isOpen: Bool { descriptor >= 0 }

    /// Closes the port; harmless when closed.
    public func close() {
        guard descriptor >= 0 else { return }
        Glibc.close(descriptor)
        descriptor = -1
    }

    /// Waits until bytes arrive or `timeout` passes and returns up to `maximumCount` of them (empty on
    /// timeout, or when `cancelled` turns true). With a `cancellation` wakeup the wait is one poll(2) on the
    /// port and the wakeup, and `cancelled` is looked at when the wakeup is signalled (a signal while it is
    /// false is drained and the wait goes on); without one, every 50 ms.
    /// - Throws: ``Sensors/TransportError/disconnected(_:)`` on hang-up (POLLHUP, a zero-byte read, EIO).
    public func read(
        maximumCount: Int, timeout: Duration, cancelled: () -> Bool = { false }, cancellation: Wakeup? = nil
    ) throws(TransportError) -> [UInt8] {
        guard descriptor >= 0 else { throw .notOpen(path) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: max(timeout, .zero))
        var buffer = [UInt8](repeating: 0, count: max(1, maximumCount))
        while true {
            // Cancelled before the wait began (the wakeup's signal may have been drained): no wait at all.
            if cancelled() { return [] }
            let remaining = max(clock.now.duration(to: deadline), .zero)
            // Slices only when nothing else can end the wait early; otherwise the whole remaining time (an idle
            // sensor between frames then costs one wake-up per frame, not twenty a second).
            let slice = cancellation == nil ? min(remaining, .milliseconds(50)) : remaining
            let milliseconds = Int32(
                min(slice.components.seconds * 1000 + slice.components.attoseconds / 1_000_000_000_000_000,
                    Int64(Int32.max)))
            var pollers = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: cancellation?.descriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready: Int32
            do {
                ready = try SystemCall.run("poll(\(path))") { poll(&pollers, 2, milliseconds) }
            } catch {
                throw TransportError(error, device: path)
            }
            if ready > 0 {
                let events = Int32(pollers[0].revents)
                if events & Int32(POLLNVAL) != 0 { throw .disconnected("\(path): descriptor no longer valid") }
                if events & Int32(POLLIN | POLLHUP | POLLERR) != 0 {
                    let count: Int
                    do {
                        count = try SystemCall.run("read(\(path))") {
                            buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                        }
                    } catch where error.code == EAGAIN {
                        if events & Int32(POLLHUP | POLLERR) != 0 { throw .disconnected("\(path): hang-up") }
                        continue
                    } catch {
                        throw TransportError(error, device: path)
                    }
                    if count > 0 { return Array(buffer[0..<count]) }
                    throw .disconnected("\(path): hang-up (end of file)")
                }
                if pollers[1].revents != 0 { cancellation?.drain() }
            }
            if clock.now >= deadline || cancelled() { return [] }
        }
    }

    /// Writes all of `bytes`, waiting (up to 2 s in total) while the output buffer is full.
    public func write(_ bytes: [UInt8]) throws(TransportError) {
        guard descriptor >= 0 else { throw .notOpen(path) }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .seconds(2))
        var offset = 0
        while offset < bytes.count {
            let written: Int
            do {
                written = try SystemCall.run("write(\(path))") {
                    bytes.withUnsafeBytes { buffer in
                        Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                    }
                }
            } catch where error.code == EAGAIN {
                written = 0
            } catch {
                throw TransportError(error, device: path)
            }
            if written > 0 {
                offset += written
                continue
            }
            guard clock.now < deadline else { throw .timedOut("\(path): output stays full") }
            var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            _ = poll(&poller, 1, 50)
            if Int32(poller.revents) & Int32(POLLHUP | POLLERR | POLLNVAL) != 0 {
                throw .disconnected("\(path): hang-up while writing")
            }
        }
    }

    /// Drops bytes received and not yet read.
    public func discardInput() throws(TransportError) {
        guard descriptor >= 0 else { throw .notOpen(path) }
        do {
            try SystemCall.run("tcflush(\(path))") { tcflush(descriptor, TCIFLUSH) }
        } catch {
            throw TransportError(error, device: path)
        }
    }
}
