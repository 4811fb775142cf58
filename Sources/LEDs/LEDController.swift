public import Clocks
public import Diagnostics
import FoundationEssentials
import POSIX
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The station's LEDs: give it the display state, it drives the lines on its own thread.
///
/// ```swift
/// let leds = LEDController(policy: policy, output: output)
/// leds.start(selfTest: true)      // the sweep, then whatever show() said meanwhile
/// leds.show(.local(.moderate))    // from any thread or task; cheap, never blocks on the LEDs
/// leds.stop()                     // SIGTERM/SIGINT: lines off and released, thread joined
/// ```
///
/// The render loop (``LEDRenderer``) runs on one dedicated POSIX thread, never on Swift's cooperative pool,
/// because software PWM sleeps for microseconds between line writes. State reaches it through a
/// `Synchronization.Mutex`; a condition variable wakes it out of long waits.
public final class LEDController: Sendable {
    private let host: ControllerHost
    private let pending: Mutex<LEDRenderer?>
    private let thread = Mutex<DedicatedThread?>(nil)

    /// A controller of `policy` on `output`. `clock` gives the wall time for the night schedule and
    /// `timeZone` the local time; `ignoresNight` drops the schedule (`leds test`); `pwmFrequency` in Hz.
    public init(
        policy: LEDPolicy, output: sending LEDOutput, clock: any StationClock = SystemClock(),
        timeZone: any UTCOffsetSource = SystemTimeZone(), ignoresNight: Bool = false, pwmFrequency: Int = 200,
        logger: Logger? = nil
    ) {
        let host = ControllerHost(clock: clock)
        self.host = host
        let renderer = LEDRenderer(
            policy: policy, output: output, host: host, timeZone: timeZone, ignoresNight: ignoresNight,
            pwmFrequency: pwmFrequency, logger: logger)
        self.pending = Mutex(renderer)
    }

    /// Stops (LEDs off, lines released) if ``stop()`` was not called.
    deinit { stop() }

    /// Starts the render thread, with the start-up sweep first when `selfTest` is true. Calling it again
    /// does nothing.
    ///
    /// - Throws: ``LEDControllerError`` when the thread cannot be created (the lines are then released).
    public func start(selfTest: Bool = true) throws(LEDControllerError) {
        guard let renderer = takeRenderer() else { return }
        let context = RenderThreadContext(renderer, selfTest: selfTest)
        do {
            let started = try DedicatedThread(name: "breeze-leds") {
                context.renderer.run(selfTest: context.selfTest)
            }
            thread.withLock { $0 = started }
        } catch {
            context.renderer.shutdown()
            throw LEDControllerError(message: "cannot start the LED thread: \(error)")
        }
    }

    /// Shows `state` from now on (after the start-up sweep, if it is still playing). The pattern restarts
    /// only when the state differs from the one shown. Callable from any thread.
    public func show(_ state: IndicatorState) {
        host.update(state)
    }

    /// The state last given to ``show(_:)`` (``IndicatorState/noData`` before the first).
    public var state: IndicatorState { host.snapshot().state }

    /// Turns every LED off, releases the lines and ends the thread; returns when done (within one PWM
    /// period plus one line write, a few milliseconds). Safe to call more than once, and before ``start``.
    public func stop() {
        host.requestStop()
        if let renderer = takeRenderer() {
            renderer.shutdown()
        }
        thread.withLock { value -> DedicatedThread? in
            defer { value = nil }
            return value
        }?.join()
    }

    private func takeRenderer() -> LEDRenderer? {
        pending.withLock { renderer in
            let taken = renderer
            renderer = nil
            return taken
        }
    }
}

/// The LED thread could not be started.
public struct LEDControllerError: Error, Sendable, CustomStringConvertible {
    /// What failed.
    public let message: String
    public var description: String { message }
}

/// Carries the renderer onto its thread. `@unchecked Sendable`: the renderer is taken out of the
/// controller's mutex and handed over whole; after that only the render thread touches it (or, when the
/// thread cannot start, the caller of `start`).
private final class RenderThreadContext: @unchecked Sendable {
    let renderer: LEDRenderer
    let selfTest: Bool
    init(_ renderer: LEDRenderer, selfTest: Bool) {
        self.renderer = renderer
        self.selfTest = selfTest
    }
}

/// The production render host: the monotonic clock, the station clock for wall time, the state in a mutex.
final class ControllerHost: LEDRenderHost, Sendable {
    private let clock: any StationClock
    private let shared = Mutex(IndicatorSnapshot(state: .noData, version: 0))
    private let wakeup = ThreadWakeup()

    init(clock: any StationClock) {
        self.clock = clock
    }

    var nanoseconds: Int64 { MonotonicClock.now() }
    var wallClock: Date { clock.now }

    func sleep(until deadline: Int64) {
        MonotonicClock.sleep(until: deadline)
    }

    func wait(until deadline: Int64, whileVersionIs version: UInt64) {
        wakeup.wait(until: deadline) {
            shared.withLock { !$0.stopping && $0.version == version }
        }
    }

    func snapshot() -> IndicatorSnapshot { shared.withLock { $0 } }

    func update(_ state: IndicatorState) {
        let changed = shared.withLock { snapshot -> Bool in
            guard snapshot.state != state else { return false }
            snapshot.state = state
            snapshot.version &+= 1
            return true
        }
        if changed { wakeup.notify() }
    }

    func requestStop() {
        shared.withLock { $0.stopping = true }
        wakeup.notify()
    }
}
