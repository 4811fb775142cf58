public import Clocks
import FoundationEssentials
public import Sensors
import Synchronization

/// An emulated I²C sensor at the transport seam: an ``Sensors/I2CDevice`` backed by an ``I2CDeviceModel``,
/// for tests and the station's demo on machines without i2c-dev. Can be "unplugged": then open fails and every
/// transfer NACKs, as an empty address would.
public final class EmulatedI2CDevice: I2CDevice {
    public let name: String
    private let clock: any StationClock
    private let state: Mutex<(model: any I2CDeviceModel, open: Bool, present: Bool)>

    /// A device on bus `bus` at `address`, behaving as `model`.
    public init(model: any I2CDeviceModel, bus: Int = 1, address: UInt8, clock: any StationClock) {
        name = "emulated /dev/i2c-\(bus) address \(Hex.byte(address))"
        self.clock = clock
        state = Mutex((model, false, true))
    }

    public func open() async throws(TransportError) {
        let present = state.withLock { state -> Bool in
            state.open = state.present
            return state.present
        }
        if !present { throw .notFound(name) }
    }

    public func close() async {
        state.withLock { $0.open = false }
    }

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        let now = clock.now
        let name = self.name
        try state.withLock { (state) throws(TransportError) in
            guard state.open else { throw .notOpen(name) }
            guard state.present else { throw .noAcknowledge(name) }
            try state.model.write(bytes, at: now)
        }
    }

    public func read(count: Int) async throws(TransportError) -> [UInt8] {
        let now = clock.now
        let name = self.name
        return try state.withLock { (state) throws(TransportError) -> [UInt8] in
            guard state.open else { throw .notOpen(name) }
            guard state.present else { throw .noAcknowledge(name) }
            return try state.model.read(count: count, at: now)
        }
    }

    /// Changes the model (faults, scenario) while it runs.
    public func withModel<T>(_ body: (inout any I2CDeviceModel) -> T) -> T {
        state.withLock { body(&$0.model) }
    }

    /// Takes the device off the bus (`false`) or puts it back, powered up again (`true`).
    public func setPresent(_ present: Bool) {
        let now = clock.now
        state.withLock { state in
            if present, !state.present { state.model.powerOn(at: now) }
            state.present = present
        }
    }
}
