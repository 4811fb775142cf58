public import FoundationEssentials
public import Sensors

/// An emulated I²C sensor as a pure state machine at the transport seam: each write and read is one
/// transaction; a refused transaction throws ``Sensors/TransportError/noAcknowledge(_:)`` as a NACK would.
/// (No i2c-dev exists on the test machines, and i2c-stub cannot do the SPS30's plain transfers.)
public protocol I2CDeviceModel: I2CTransactionModel {
    /// The sensor emulated.
    var model: SensorModel { get }
}

/// What ``EmulatedI2CDevice`` drives: a chip's transactions, whatever it measures (particulate sensors as
/// ``I2CDeviceModel``, temperature/humidity sensors as ``ClimateDeviceModel``).
public protocol I2CTransactionModel: Sendable {
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

/// A temperature/humidity sensor emulated on I²C.
public protocol ClimateDeviceModel: I2CTransactionModel {
    /// The sensor emulated.
    var model: ClimateSensorModel { get }
    /// Where the readings come from.
    var conditions: ClimateScenario { get set }
}

extension ClimateDeviceModel {
    /// Climate sensors have neither a RESET nor a SET pin: a power cycle is what resets them.
    public mutating func reset(at now: Date) { powerOn(at: now) }
    /// Climate sensors have no SET pin.
    public mutating func setSleepPin(_ asleep: Bool, at now: Date) {}
}
