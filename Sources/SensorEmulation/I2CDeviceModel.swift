public import FoundationEssentials
public import Sensors

/// An emulated I²C sensor as a pure state machine at the transport seam: each write and read is one
/// transaction; a refused transaction throws ``Sensors/TransportError/noAcknowledge(_:)`` as a NACK would.
/// (No i2c-dev exists on the test machines, and i2c-stub cannot do the SPS30's plain transfers.)
public protocol I2CDeviceModel: Sendable {
    /// The sensor emulated.
    var model: SensorModel { get }
    /// The faults injected.
    var faults: EmulatorFaults { get set }
    /// Power-up: idle, defaults, a hang cleared.
    mutating func powerOn(at now: Date)
    /// One write transaction.
    mutating func write(_ bytes: [UInt8], at now: Date) throws(TransportError)
    /// One read transaction of `count` bytes.
    mutating func read(count: Int, at now: Date) throws(TransportError) -> [UInt8]
    /// A pulse on RESET (where the sensor has the pin).
    mutating func reset(at now: Date)
    /// The SET pin (where the sensor has it): `true` sleeps.
    mutating func setSleepPin(_ asleep: Bool, at now: Date)
}
