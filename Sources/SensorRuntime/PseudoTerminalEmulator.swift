public import Clocks
import FoundationEssentials
import LinuxIO
public import POSIX
public import SensorEmulation
public import Sensors
import Synchronization

/// An emulated UART sensor on the far side of a real pseudo-terminal: drivers (and `probe`, and a VM's serial
/// port in the hardware-in-the-loop rig) open its path like any tty. Runs on its own thread, off the Swift
/// cooperative pool.
///
/// With a link path, the path is a symlink to the current `/dev/pts/N`. ``unplug(for:)`` closes the pty (a
/// driver sees a hang-up), removes the link, and after the given time creates a new pty at the same link with
/// the device powered up again: what pulling and re-plugging a USB adapter does.
public final class PseudoTerminalEmulator: Sendable {
    private struct State {
        var device: any SerialDeviceModel
        var devicePath: String?
        var running = false
        var pendingUnplug: Duration?
        var unplugs = 0
        var bytesSent = 0
        var bytesReceived = 0
        var started = false
        var loopEnded = false
        var stopWaiters: [CheckedContinuation<Void, Never>] = []
    }

    /// The stable path, if any (a symlink to the current pty).
    public let link: String?
    private let clock: any StationClock
    private let state: Mutex<State>
    private let onPathChange: @Sendable (String?) -> Void

    /// An emulator of `device`; nothing runs until ``start()``.
    /// - Parameters:
    ///   - link: a path to keep pointing at the current pty (replaced atomically; removed on stop and unplug).
    ///   - onPathChange: called with the new pty path after each replug (nil while unplugged).
    public init(
        device: any SerialDeviceModel, link: String? = nil, clock: any StationClock = SystemClock(),
        onPathChange: @escaping @Sendable (String?) -> Void = { _ in }
    ) {
        self.link = link
        self.clock = clock
        self.onPathChange = onPathChange
        state = Mutex(State(device: device))
    }

    /// The path a driver opens: the link if there is one, else the current pty.
    public var path: String? { link ?? devicePath }

    /// The current pty (`/dev/pts/N`); nil while unplugged or stopped.
    public var devicePath: String? { state.withLock { $0.devicePath } }

    /// How many times it was unplugged.
    public var unplugCount: Int { state.withLock { $0.unplugs } }

    /// Bytes sent to and received from the host so far.
    public var traffic: (sent: Int, received: Int) { state.withLock { ($0.bytesSent, $0.bytesReceived) } }

    /// Creates the pty (and the link) and starts answering. Returns the pty path.
    @discardableResult
    public func start() throws(SystemError) -> String {
        let terminal = try PseudoTerminal()
        if let link { try SymbolicLink.replace(link, pointingTo: terminal.devicePath) }
        // The device was powered on when it was made (with its faults, e.g. a sensor that is hung from the start).
        state.withLock { state in
            state.devicePath = terminal.devicePath
            state.running = true
            state.started = true
        }
        let box = TerminalBox(terminal)
        WorkerThread.detach { [self] in
            self.loop(box)
            if let link { SymbolicLink.remove(link) }
            let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.loopEnded = true
                state.devicePath = nil
                defer { state.stopWaiters.removeAll() }
                return state.stopWaiters
            }
            for waiter in waiters { waiter.resume() }
        }
        return terminal.devicePath
    }

    /// Stops answering, closes the pty (a connected driver sees a hang-up), removes the link, and returns once
    /// the emulator's thread is done (within about 50 ms).
    public func stop() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                state.running = false
                if state.loopEnded || !state.started { return true }
                state.stopWaiters.append(continuation)
                return false
            }
            if done { continuation.resume() }
        }
    }

    /// Unplugs the device for `duration`, then plugs a new pty in at the same link.
    public func unplug(for duration: Duration) {
        state.withLock { $0.pendingUnplug = duration }
    }

    /// Changes the device (faults, scenario) while it runs, or looks at it.
    public func withDevice<T>(_ body: (inout any SerialDeviceModel) -> T) -> T {
        state.withLock { body(&$0.device) }
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

    /// The emulator's thread: read what the host wrote, send what is due, wait for the next deadline or input.
    private func loop(_ box: TerminalBox) {
        var terminal: PseudoTerminal? = box.terminal
        while true {
            let (running, unplug) = state.withLock { state -> (Bool, Duration?) in
                defer { state.pendingUnplug = nil }
                return (state.running, state.pendingUnplug)
            }
            guard running else { break }
            if let unplug {
                terminal?.close()
                terminal = nil
                if let link { SymbolicLink.remove(link) }
                state.withLock { state in
                    state.devicePath = nil
                    state.unplugs += 1
                }
                onPathChange(nil)
                terminal = replug(after: unplug)
                continue
            }
            guard let active = terminal else { break }
            let now = clock.now
            let input = active.read()
            let output = state.withLock { state -> [UInt8] in
                if !input.isEmpty {
                    state.device.receive(input, at: now)
                    state.bytesReceived += input.count
                }
                let output = state.device.output(at: now)
                state.bytesSent += output.count
                return output
            }
            if !output.isEmpty { active.write(output) }
            let next = state.withLock { $0.device.nextDeadline(after: now) }
            let wait = next.map { Duration.interval($0.timeIntervalSince(clock.now)) } ?? .milliseconds(50)
            _ = active.waitReadable(timeout: min(max(wait, .milliseconds(1)), .milliseconds(50)))
        }
        terminal?.close()
    }

    /// Waits `duration` (checking for stop), then opens a new pty, points the link at it and powers up.
    private func replug(after duration: Duration) -> PseudoTerminal? {
        let until = ContinuousClock.now.advanced(by: duration)
        while ContinuousClock.now < until {
            guard state.withLock({ $0.running }) else { return nil }
            let left = ContinuousClock.now.duration(to: until)
            usleepDuration(min(left, .milliseconds(20)))
        }
        guard let terminal = try? PseudoTerminal() else { return nil }
        if let link { try? SymbolicLink.replace(link, pointingTo: terminal.devicePath) }
        let now = clock.now
        state.withLock { state in
            state.devicePath = terminal.devicePath
            state.device.powerOn(at: now)
        }
        onPathChange(terminal.devicePath)
        return terminal
    }

    private func usleepDuration(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let microseconds = max(0, seconds * 1_000_000 + attoseconds / 1_000_000_000_000)
        blockingSleep(microseconds: microseconds)
    }
}

/// Hands a pseudo-terminal to the emulator's queue (it is only ever used there afterwards).
private final class TerminalBox: @unchecked Sendable {
    let terminal: PseudoTerminal
    init(_ terminal: PseudoTerminal) { self.terminal = terminal }
}
