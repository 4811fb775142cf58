public import Clocks
public import Diagnostics
public import FoundationEssentials
import Synchronization

/// Runs one sensor for months: opens the device (and reopens it, with backoff, when it goes away), sets it up,
/// samples it at the configured interval with warm-up discard and optional duty cycling, climbs the recovery
/// ladder when data stops or is garbage, and reports samples and health.
///
/// Samples, health changes and reports (the condition the health is computed from, and the counters) arrive on
/// ``events``, so a consumer keeps what it needs without calling back; ``health``, ``statistics`` and
/// ``latestSample`` can also be read from any task at any time (Zephyr's fetch/get split: the driver fetches,
/// everyone else only reads), for tools and tests.
public final class SensorDriver: Sendable {
    /// The device a sensor is connected through.
    public enum Link: Sendable {
        /// A UART.
        case serial(any ByteStream)
        /// An I²C device.
        case i2c(any I2CDevice)

        var transport: any SensorTransport {
            switch self {
            case .serial(let stream): stream
            case .i2c(let device): device
            }
        }
    }

    /// The sensor.
    public let model: SensorModel
    /// How it is run.
    public let settings: DriverSettings
    /// Samples, discarded readings, health changes and reports, in order (unless ``deliverEvents(to:)`` takes
    /// them). Buffers the newest 256 events when nobody reads; finishes when ``run()`` returns.
    public let events: AsyncStream<SensorEvent>

    let link: Link
    let pins: SensorPins
    let clock: any StationClock
    let logger: Logger
    let continuation: AsyncStream<SensorEvent>.Continuation
    let state: Mutex<DriverState>
    let progressHandler = Mutex<(@Sendable (Date) async -> Void)?>(nil)
    let eventHandler = Mutex<(@Sendable (SensorEvent) -> Void)?>(nil)

    /// The longest the sampling loop waits between two progress reports while a handler is installed
    /// (``reportProgress(to:)``): a sleep until the next sample, a duty-cycle sleep or a reopen backoff is cut
    /// into slices this long, each reported.
    public static let progressSlice: Duration = .seconds(5)

    /// A driver for `model` on `link`.
    /// - Throws: ``SensorDriverError`` when the link does not suit the model (an I²C sensor on a UART).
    public init(
        model: SensorModel, link: Link, settings: DriverSettings, pins: SensorPins = SensorPins(),
        clock: any StationClock, logger: Logger
    ) throws(SensorDriverError) {
        switch (model.bus, link) {
        case (.serial, .serial), (.i2c, .i2c): break
        case (.serial, .i2c): throw SensorDriverError("\(model.displayName) is a UART sensor; give it a serial port")
        case (.i2c, .serial): throw SensorDriverError("\(model.displayName) is an I²C sensor; give it an I²C device")
        }
        self.model = model
        self.link = link
        self.settings = settings
        self.pins = pins
        self.clock = clock
        self.logger = logger
        (events, continuation) = AsyncStream.makeStream(of: SensorEvent.self, bufferingPolicy: .bufferingNewest(256))
        state = Mutex(DriverState(now: clock.now))
    }

    /// The health now (``SensorHealth/State/stale`` is computed at the moment of asking).
    public var health: SensorHealth { report.health(at: clock.now) }

    /// The counters so far.
    public var statistics: SensorStatistics { report.statistics }

    /// The condition and the counters now: what ``SensorEvent/report(_:)`` last sent, or is about to.
    public var report: SensorReport { state.withLock { $0.report(staleAfter: settings.staleAfter) } }

    /// The last good sample, if any.
    public var latestSample: SensorSample? { state.withLock { $0.latestSample } }

    /// Calls `handler` with the time on every turn of the sampling loop: each attempt to open the device, each
    /// fetch (a frame, a timeout, a recovery step) and at least every ``progressSlice`` while it waits. The
    /// station's watchdog is fed from it, so systemd sees the loop's real progress, not a timer's. The loop
    /// waits for the handler: a handler that does not return stalls the loop (the station's debug hook
    /// for testing the watchdog does exactly that). Install it before ``run()``.
    public func reportProgress(to handler: @escaping @Sendable (Date) async -> Void) {
        progressHandler.withLock { $0 = handler }
    }

    /// Hands every event to `handler` on the driver's own task as it happens, instead of through ``events``
    /// (which then only finishes): no task switch (a thread wake-up) per event. The loop waits for the handler,
    /// so it must not block; a handler that hangs stalls the loop, and with it the progress reports the
    /// watchdog is fed from. Install it before ``run()``.
    public func deliverEvents(to handler: @escaping @Sendable (SensorEvent) -> Void) {
        eventHandler.withLock { $0 = handler }
    }

    /// Hands `event` to the handler, if one is installed, else to ``events``.
    func emit(_ event: SensorEvent) {
        if let handler = eventHandler.withLock({ $0 }) {
            handler(event)
        } else {
            continuation.yield(event)
        }
    }

    /// Sends the report (condition and counters) when it changed since the last one sent, and progress to the
    /// handler, if any.
    func progress() async {
        sendReportIfChanged()
        guard let handler = progressHandler.withLock({ $0 }) else { return }
        await handler(clock.now)
    }

    /// Sleeps until `deadline`; with a progress handler, in slices of at most ``progressSlice``, reporting
    /// progress before each.
    func pause(until deadline: Date) async throws {
        guard progressHandler.withLock({ $0 != nil }) else {
            try await clock.sleep(until: deadline)
            return
        }
        while true {
            await progress()
            try Task.checkCancellation()
            let now = clock.now
            if now >= deadline { return }
            try await clock.sleep(until: min(deadline, now.adding(Self.progressSlice)))
        }
    }

    /// Runs until the task is cancelled (then throws `CancellationError`). Hardware problems never end it: a
    /// missing device is waited for, a lost one reopened, a stalled one walked up the recovery ladder.
    public func run() async throws {
        defer { continuation.finish() }
        // Both pins released: the sensor runs (a SET or RESET left asserted by a crash would silence it).
        do {
            try pins.set?.setActive(false)
            try pins.reset?.setActive(false)
        } catch {
            logger.error("\(model.rawValue): cannot release the SET/RESET pins: \(error)")
        }
        var ladder = RecoveryLadder(canReset: pins.reset != nil || model == .sps30)
        var backoff = settings.reopenBackoff
        var lost = false
        // A first open or a device that came back has been powered up: warm up. A reopen by the ladder has not.
        var poweredUp = true
        while true {
            await progress()
            try Task.checkCancellation()
            do {
                try await link.transport.open()
            } catch {
                update { $0.statistics.openFailures += 1 }
                let (state, what): (SensorHealth.State, String) =
                    error.meansAbsent ? (.absent, "not connected") : (.fault, "cannot be opened")
                setHealth(state, "\(link.transport.name) \(what): \(error)")
                try await pause(until: clock.now.adding(backoff))
                backoff = min(backoff * 2, settings.reopenBackoffLimit)
                continue
            }
            if lost {
                update { $0.statistics.reconnects += 1 }
                logger.notice("\(link.transport.name) is back")
                lost = false
            }
            backoff = settings.reopenBackoff
            let session = makeSession()
            let end = await runSession(session, ladder: &ladder, poweredUp: poweredUp)
            update { state in
                state.closedDecoders = state.closedDecoders + session.decoderStatistics
                state.openDecoder = DecoderStatistics()
            }
            await link.transport.close()
            switch end {
            case .cancelled:
                throw CancellationError()
            case .reopen:
                poweredUp = false
                continue
            case .lost(let error):
                lost = true
                poweredUp = true
                update { $0.statistics.transportErrors += 1 }
                setHealth(.absent, "\(link.transport.name) disconnected: \(error)")
                try await pause(until: clock.now.adding(backoff))
            }
        }
    }

    /// How a session ended.
    enum SessionEnd {
        /// The ladder asked for a reopen.
        case reopen
        /// The device went away.
        case lost(TransportError)
        /// The task was cancelled.
        case cancelled
    }

    func makeSession() -> any SensorSession {
        let sessionLogger = logger
        switch link {
        case .serial(let port):
            switch model.family {
            case .novaFitness: return SDS011Session(port: port, settings: settings, clock: clock, logger: sessionLogger)
            case .honeywell: return HoneywellSession(model: model, port: port, settings: settings, clock: clock)
            case .cubic: return PM1006Session(port: port, settings: settings, clock: clock)
            case .plantower, .sensirion:
                return PlantowerSession(
                    model: model, port: port, settings: settings, clock: clock, logger: sessionLogger)
            }
        case .i2c(let device):
            if model == .sps30 {
                return SPS30Session(device: device, settings: settings, clock: clock, logger: sessionLogger)
            }
            return PMSA003ISession(device: device, settings: settings, clock: clock)
        }
    }

    // MARK: Shared state

    func update(_ body: (inout DriverState) -> Void) {
        state.withLock { body(&$0) }
    }

    /// Sets the health (keeping the last good sample) and reports a change; logs when the state changes.
    func setHealth(_ newState: SensorHealth.State, _ reason: String?) {
        let now = clock.now
        let changed: SensorHealth? = state.withLock { state in
            guard state.base.state != newState || state.base.reason != reason else { return nil }
            let since = state.base.state == newState ? state.base.since : now
            state.base = SensorHealth(
                state: newState, reason: reason, since: since, lastGoodSample: state.base.lastGoodSample)
            return state.base
        }
        guard let changed else { return }
        // The report first: whoever refreshes on the health change sees the condition behind it.
        sendReportIfChanged()
        emit(.health(changed))
        let text =
            "\(model.rawValue) on \(link.transport.name): \(newState.rawValue)" + (reason.map { " (\($0))" } ?? "")
        switch newState {
        case .ok, .warmingUp: logger.info(text)
        case .stale, .fault, .absent: logger.warning(text)
        }
    }

    func publish(_ sample: SensorSample) {
        let wasOK = state.withLock { state -> Bool in
            state.statistics.samples += 1
            state.latestSample = sample
            state.lastFailure = nil
            state.base.lastGoodSample = sample.time
            return state.base.state == .ok
        }
        if !wasOK { setHealth(.ok, nil) }
        // The report first: the sample's consumer sees the condition with this sample as the last good one.
        sendReportIfChanged()
        emit(.sample(sample))
    }

    /// Sends ``SensorEvent/report(_:)`` when the condition or a counter changed since the last one sent.
    func sendReportIfChanged() {
        let report: SensorReport? = state.withLock { state in
            let report = state.report(staleAfter: settings.staleAfter)
            guard report != state.lastReported else { return nil }
            state.lastReported = report
            return report
        }
        if let report { emit(.report(report)) }
    }
}
