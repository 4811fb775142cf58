/// Something a sensor is connected through that can be opened, closed and reopened by name (a stable path
/// such as `/dev/serial/by-id/...`, so a re-plugged adapter is found again).
public protocol SensorTransport: AnyObject, Sendable {
    /// The device, for logs and health reasons: `/dev/ttyUSB0`, `/dev/i2c-1 address 0x69`.
    var name: String { get }
    /// Opens (or reopens) the device. Opening an open transport closes it first.
    func open() async throws(TransportError)
    /// Closes the device; harmless when closed.
    func close() async
}

/// A UART as the drivers see it. Implementations never block the caller's thread: waiting happens off the
/// Swift cooperative pool (``LinuxIO``'s serial stream waits with poll() on its own queue).
public protocol ByteStream: SensorTransport {
    /// Waits until at least one byte arrives or `timeout` passes, then returns what arrived (at most
    /// `maximumCount` bytes; empty on timeout). Throws ``TransportError/disconnected(_:)`` on hang-up.
    func read(maximumCount: Int, timeout: Duration) async throws(TransportError) -> [UInt8]
    /// Writes all of `bytes`.
    func write(_ bytes: [UInt8]) async throws(TransportError)
    /// Drops bytes received and not yet read (tcflush), e.g. stale frames before a command.
    func discardInput() async throws(TransportError)
    /// One turn of a conversation in one step: waits `delay` of real time first (the pause until a sample is
    /// due; `.zero`: none), takes what is buffered then without waiting (`stale`, up to 256 KB), writes
    /// `command` (nothing when empty), then waits like ``read(maximumCount:timeout:)`` for the first bytes of
    /// the answer (`reply`). A serial port does it all in one job of its worker thread, the pause in the same
    /// poll(2) that watches for cancellation (each hand-off to the thread is two wake-ups, a task's sleep three);
    /// the default sleeps and does the three calls. Cancelled during the pause: returns nothing at once.
    func exchange(_ command: [UInt8], after delay: Duration, maximumCount: Int, timeout: Duration)
        async throws(TransportError) -> (stale: [UInt8], reply: [UInt8])
}

extension ByteStream {
    /// A task's sleep, then the three calls in turn: reads with no wait until nothing is buffered (64 reads at
    /// most), the write, the read.
    public func exchange(_ command: [UInt8], after delay: Duration, maximumCount: Int, timeout: Duration)
        async throws(TransportError) -> (stale: [UInt8], reply: [UInt8])
    {
        if delay > .zero {
            guard (try? await Task.sleep(for: delay)) != nil else { return ([], []) }
        }
        var stale: [UInt8] = []
        for _ in 0..<64 {
            let bytes = try await read(maximumCount: 4096, timeout: .zero)
            if bytes.isEmpty { break }
            stale += bytes
        }
        if !command.isEmpty { try await write(command) }
        return (stale, try await read(maximumCount: maximumCount, timeout: timeout))
    }
}

/// One device on an I²C bus as the drivers see it: each call is one complete transaction (START..STOP), never
/// a combined write-read, because the SPS30 does not support repeated start.
public protocol I2CDevice: SensorTransport {
    /// Writes `bytes` in one transaction.
    func write(_ bytes: [UInt8]) async throws(TransportError)
    /// Reads `count` bytes in one transaction.
    func read(count: Int) async throws(TransportError) -> [UInt8]
}

/// A GPIO line driving a sensor control input. Both Plantower control pins are active-low, so the GPIO adapter
/// requests them active-low and `setActive(true)` drives the line low:
/// - SET pin: active = the sensor sleeps (fan and laser off); inactive (high, the pull-up default) = it works.
/// - RESET pin: active = the sensor is held in reset; inactive = it runs.
public protocol ControlPin: Sendable {
    /// Asserts (`true`) or releases (`false`) the pin's function.
    func setActive(_ active: Bool) throws
}

/// The optional control pins of a sensor.
public struct SensorPins: Sendable {
    /// The SET (sleep) pin, if wired.
    public var set: (any ControlPin)?
    /// The RESET pin, if wired.
    public var reset: (any ControlPin)?

    /// Pins; none by default.
    public init(set: (any ControlPin)? = nil, reset: (any ControlPin)? = nil) {
        self.set = set
        self.reset = reset
    }
}
