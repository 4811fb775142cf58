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
