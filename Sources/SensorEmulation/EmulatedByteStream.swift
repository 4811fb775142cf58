public import Clocks
import FoundationEssentials
public import Sensors
import Synchronization

/// An emulated UART sensor in-process: a ``Sensors/ByteStream`` backed by a ``SerialDeviceModel``, timed by a
/// station clock (a `ManualClock` (ClocksTestSupport) in tests runs hours of sensor life in milliseconds). Can be
/// unplugged: reads then fail as a hung-up tty's do, and open fails until it is plugged back in.
public final class EmulatedByteStream: ByteStream {
    public let name: String
    private let clock: any StationClock
    private struct State {
        var device: any SerialDeviceModel
        var open = false
        var present = true
        var buffered: [UInt8] = []
    }
    private let state: Mutex<State>

    /// A stream to `device`.
    public init(device: any SerialDeviceModel, clock: any StationClock, name: String? = nil) {
        self.name = name ?? "emulated \(device.model.rawValue)"
        self.clock = clock
        state = Mutex(State(device: device))
    }

    public func open() async throws(TransportError) {
        let present = state.withLock { state -> Bool in
            state.open = state.present
            state.buffered.removeAll()
            return state.present
        }
        if !present { throw .notFound(name) }
    }

    public func close() async {
        state.withLock { $0.open = false }
    }

    public func read(maximumCount: Int, timeout: Duration) async throws(TransportError) -> [UInt8] {
        let deadline = clock.now.adding(timeout)
        let name = self.name
        while true {
            let now = clock.now
            let (bytes, wake) = try state.withLock { (state) throws(TransportError) -> ([UInt8], Date?) in
                guard state.open else { throw .notOpen(name) }
                guard state.present else { throw .disconnected("\(name) hung up") }
                state.buffered += state.device.output(at: now)
                let count = min(max(0, maximumCount), state.buffered.count)
                let taken = Array(state.buffered.prefix(count))
                state.buffered.removeFirst(count)
                return (taken, state.device.nextDeadline(after: now))
            }
            if !bytes.isEmpty || now >= deadline { return bytes }
            do {
                try await clock.sleep(until: min(deadline, wake ?? deadline))
            } catch {
                return []
            }
        }
    }

    public func write(_ bytes: [UInt8]) async throws(TransportError) {
        let now = clock.now
        let name = self.name
        try state.withLock { (state) throws(TransportError) in
            guard state.open else { throw .notOpen(name) }
            guard state.present else { throw .disconnected("\(name) hung up") }
            state.device.receive(bytes, at: now)
        }
    }

    public func discardInput() async throws(TransportError) {
        let now = clock.now
        state.withLock { state in
            state.buffered.removeAll()
            _ = state.device.output(at: now)
        }
    }

    /// Changes the device (faults, scenario) while it runs, or looks at it.
    public func withDevice<T>(_ body: (inout any SerialDeviceModel) -> T) -> T {
        state.withLock { body(&$0.device) }
    }

    /// Unplugs (`false`) or plugs back in (`true`, powering the device up again).
    public func setPresent(_ present: Bool) {
        let now = clock.now
        state.withLock { state in
            if present, !state.present { state.device.powerOn(at: now) }
            state.present = present
        }
    }

    /// A RESET line wired to the device: asserting it restarts the sensor.
    public var resetPin: any ControlPin {
        EmulatedControlPin { [weak self] active in
            guard let self, active else { return }
            let now = clock.now
            state.withLock { $0.device.reset(at: now) }
        }
    }

    /// A SET line wired to the device: asserting it puts the sensor to sleep.
    public var setPin: any ControlPin {
        EmulatedControlPin { [weak self] active in
            guard let self else { return }
            let now = clock.now
            state.withLock { $0.device.setSleepPin(active, at: now) }
        }
    }
}

/// A control pin that calls `action` with each new state, for wiring to an emulated sensor.
public struct EmulatedControlPin: ControlPin {
    private let action: @Sendable (Bool) -> Void

    /// A pin calling `action`.
    public init(_ action: @escaping @Sendable (Bool) -> Void) {
        self.action = action
    }

    public func setActive(_ active: Bool) throws {
        action(active)
    }
}
