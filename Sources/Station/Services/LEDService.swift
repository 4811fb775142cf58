public import Diagnostics
public import LEDs
public import Lifecycle
import LinuxIO
import Synchronization

/// The status LEDs as a service: requests the lines (or opens the terminal display), plays the start-up sweep
/// once, shows what the pipeline says, and on shutdown turns every LED off and releases the lines.
///
/// A GPIO failure (chip not found, line busy, permission denied) ends ``run()`` with the error, so the service
/// group logs it and tries again with a backoff while the rest of the station runs without LEDs.
public final class LEDService: Service {
    public let name = "leds"
    private let configuration: LEDConfiguration
    private let backend: LEDBackend
    private let logger: Logger
    private let onRunning: @Sendable (Bool) -> Void
    private let state = Mutex<(controller: LEDController?, shown: IndicatorState, sweptOnce: Bool)>((nil, .warmingUp, false))

    /// LEDs as `configuration` says, on `backend`; `onRunning` hears when they light up and go dark.
    public init(
        configuration: LEDConfiguration, backend: LEDBackend, logger: Logger,
        onRunning: @escaping @Sendable (Bool) -> Void = { _ in }
    ) {
        self.configuration = configuration
        self.backend = backend
        self.logger = logger
        self.onRunning = onRunning
    }

    /// Shows `indicator` from now on (kept while the LEDs are not running, shown when they start).
    public func show(_ indicator: IndicatorState) {
        let controller = state.withLock { state -> LEDController? in
            state.shown = indicator
            return state.controller
        }
        controller?.show(indicator)
    }

    public func run() async throws {
        let output = try backend.makeOutput(configuration)
        let controller = LEDController(
            policy: configuration.policy, output: output, pwmFrequency: configuration.pwmFrequency, logger: logger)
        let (shown, sweep) = state.withLock { state -> (IndicatorState, Bool) in
            defer { state.sweptOnce = true }
            return (state.shown, configuration.selfTest && !state.sweptOnce)
        }
        controller.show(shown)
        try controller.start(selfTest: sweep)
        state.withLock { $0.controller = controller }
        onRunning(true)
        logger.info("LEDs on (\(configuration.backend.rawValue), \(configuration.kind.rawValue)): \(shown)")
        await waitUntilCancelled()
        state.withLock { $0.controller = nil }
        onRunning(false)
        // Off, released, joined: a short blocking call, kept off the cooperative pool.
        await WorkerThread(name: "leds-stop").run { controller.stop() }
        logger.info("LEDs off, lines released")
        throw CancellationError()
    }
}
