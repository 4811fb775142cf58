public import Clocks
import FoundationEssentials
public import Sensors
import Synchronization

/// An emulated I²C sensor at the transport seam: an ``Sensors/I2CDevice`` backed by an ``I2CTransactionModel``,
/// for tests and the station's demo on machines without i2c-dev. Can be "unplugged": then open fails and every
/// transfer NACKs, as an empty address would. Single faults can be queued on coming transfers (``inject(_:)``).
public final class EmulatedI2CDevice: I2CDevice {
    public let name: String
    private let clock: any StationClock
    private let state: Mutex<(model: any I2CTransactionModel, open: Bool, present: Bool)>
    private let faults = Mutex<(queued: [I2CTransferFault], applied: [I2CTransferFault])>(([], []))

    /// A device on bus `bus` at `address`, behaving as `model`.
    public init(model: any I2CTransactionModel, bus: Int = 1, address: UInt8, clock: any StationClock) {
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
            if takeFault(reading: false) == .nack { throw .noAcknowledge("\(name): injected NACK") }
            try state.model.write(bytes, at: now)
        }
    }

    public func read(count: Int) async throws(TransportError) -> [UInt8] {
        let now = clock.now
        let name = self.name
        return try state.withLock { (state) throws(TransportError) -> [UInt8] in
            guard state.open else { throw .notOpen(name) }
            guard state.present else { throw .noAcknowledge(name) }
            let fault = takeFault(reading: true)
            if fault == .nack { throw .noAcknowledge("\(name): injected NACK") }
            var bytes = try state.model.read(count: count, at: now)
            if fault == .badCRC, let last = bytes.indices.last { bytes[last] ^= 0xA5 }
            return bytes
        }
    }

    /// Queues faults on the coming transfers, in order: each ``I2CTransferFault/nack`` refuses the next
    /// transfer, each ``I2CTransferFault/badCRC`` corrupts the next read (writes pass it by).
    public func inject(_ coming: [I2CTransferFault]) {
        faults.withLock { $0.queued += coming }
    }

    /// The injected faults that have hit a transfer so far, in order.
    public var appliedFaults: [I2CTransferFault] { faults.withLock { $0.applied } }

    /// Whether injected faults are still waiting for a transfer.
    public var hasPendingFaults: Bool { faults.withLock { !$0.queued.isEmpty } }

    /// The fault for this transfer, taken off the queue; a bad CRC waits for a read.
    private func takeFault(reading: Bool) -> I2CTransferFault? {
        faults.withLock { faults in
            guard let next = faults.queued.first, next == .nack || reading else { return nil }
            faults.queued.removeFirst()
            faults.applied.append(next)
            return next
        }
    }

    /// Changes the model (faults, scenario) while it runs.
    public func withModel<T>(_ body: (inout any I2CTransactionModel) -> T) -> T {
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
