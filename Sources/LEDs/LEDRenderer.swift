public import Diagnostics

/// The render loop: samples the policy for the current state and applies it to the output until told to
/// stop, then turns everything off and closes the output. Runs on one dedicated thread (``LEDController``)
/// or synchronously on a simulated host in tests; owns its output.
///
/// Lines with partial duty cycles are driven by software PWM: one bulk write per edge of a
/// ``PWMSchedule``, periods on an absolute grid so timing errors do not accumulate. Lines fully on or off
/// are written once and the loop waits until the pattern, the night schedule or the state changes.
public final class LEDRenderer {
    /// The policy applied.
    public let policy: LEDPolicy
    private let output: LEDOutput
    private let host: any LEDRenderHost
    private let timeZone: any UTCOffsetSource
    private let ignoresNight: Bool
    private let period: Int64
    private let logger: Logger?

    private var lastLines: [Bool]?
    private var lastDuties: [Double]?
    private var isClosed = false

    /// Longest wait before the loop looks at the clocks again for a frame timed by the wall clock (the night
    /// schedule): 1 s, so an NTP step at boot (a Pi has no RTC) moves the night's start and end within a second.
    static let longestWait: Int64 = 1_000_000_000
    /// The wait for a frame that holds until the state changes (a steady colour, no night schedule): nothing
    /// but a new state (which wakes the loop at once) can change it, so the loop sleeps; an hour is only a net.
    static let foreverWait: Int64 = 3_600_000_000_000
    /// How often a display is redrawn while a pattern fades: 30 frames per second.
    static let displayFrame: Int64 = 33_333_333
    /// How long the loop waits after a failed write before trying again: 1 s.
    static let retryDelay: Int64 = 1_000_000_000

    /// A renderer of `policy` onto `output`, timed by `host`. `ignoresNight` drops the night schedule (the
    /// `leds test` command); `pwmFrequency` is in Hz (200 or more to avoid visible flicker).
    public init(
        policy: LEDPolicy, output: sending LEDOutput, host: any LEDRenderHost,
        timeZone: any UTCOffsetSource = SystemTimeZone(), ignoresNight: Bool = false, pwmFrequency: Int = 200,
        logger: Logger? = nil
    ) {
        self.policy = policy
        self.output = output
        self.host = host
        self.timeZone = timeZone
        self.ignoresNight = ignoresNight
        self.period = 1_000_000_000 / Int64(max(pwmFrequency, 1))
        self.logger = logger
    }

    /// Runs until the host's snapshot says stop, then turns every line off and closes the output. With
    /// `selfTest`, the start-up sweep plays first, to its end, whatever the snapshot says meanwhile.
    public func run(selfTest: Bool = false) {
        var snapshot = host.snapshot()
        var shown = selfTest ? IndicatorState.selfTest : snapshot.state
        var startupSweep = selfTest
        var seenVersion = snapshot.version
        var stateStart = host.nanoseconds
        var periodStart = stateStart
        let selfTestLength = Self.nanoseconds(policy.pattern(for: .selfTest).cycle)
        // Kept while they apply: building a pattern or a schedule every 5 ms period would cost more CPU than
        // the line writes.
        var pattern = (state: shown, pattern: policy.pattern(for: shown))
        var schedule = (duties: [Double](), schedule: PWMSchedule(duties: [], period: period))
        while !snapshot.stopping {
            let now = host.nanoseconds
            seenVersion = snapshot.version
            // The start-up sweep always plays to its end; whatever came meanwhile follows it.
            startupSweep = startupSweep && now - stateStart < selfTestLength
            if snapshot.state != shown && !startupSweep {
                shown = snapshot.state
                stateStart = now
            }
            if pattern.state != shown { pattern = (shown, policy.pattern(for: shown)) }
            let local = ignoresNight ? nil : timeZone.localTime(at: host.wallClock)
            let frame = policy.frame(of: pattern.pattern, elapsed: .nanoseconds(now - stateStart), at: local)
            switch output {
            case .lines(let lines):
                if policy.pwm && !frame.isDigital {
                    // The frame is computed before its period starts, so the rising edge is written right
                    // on the wake-up, as promptly as the falling ones.
                    if now - periodStart > period { periodStart = now }
                    if schedule.duties != frame.duties {
                        schedule = (frame.duties, PWMSchedule(duties: frame.duties, period: period))
                    }
                    if runPeriod(schedule.schedule, lines: lines, start: periodStart) {
                        periodStart += period
                    } else {
                        host.wait(until: host.nanoseconds + Self.retryDelay, whileVersionIs: seenVersion)
                        periodStart = host.nanoseconds
                    }
                } else {
                    let written = write(frame.duties.map { $0 >= 0.5 }, to: lines)
                    host.wait(
                        until: now + (written ? waitTime(frame.hold, continuous: period) : Self.retryDelay),
                        whileVersionIs: seenVersion)
                    periodStart = host.nanoseconds
                }
            case .display(let display):
                show(frame.duties, on: display)
                host.wait(until: now + waitTime(frame.hold, continuous: Self.displayFrame), whileVersionIs: seenVersion)
            }
            snapshot = host.snapshot()
        }
        shutdown()
    }

    /// Turns everything off and closes the output, once; `run()` does it when stopped, and the controller
    /// does it when the loop never ran.
    public func shutdown() {
        guard !isClosed else { return }
        isClosed = true
        switch output {
        case .lines(let lines):
            lastLines = nil
            _ = write(Array(repeating: false, count: lines.lineCount), to: lines)
            lines.close()
        case .display(let display):
            lastDuties = nil
            show(Array(repeating: 0, count: display.lineCount), on: display)
            display.close()
        }
    }

    /// Plays the edges of one period of `schedule` starting at `start` (waiting for it), skipping writes
    /// that change nothing; returns after the last edge, before the period ends. False when a write failed.
    private func runPeriod(_ schedule: PWMSchedule, lines: any LEDLineOutput, start: Int64) -> Bool {
        for edge in schedule.edges {
            let at = start + edge.offset
            if at > host.nanoseconds { host.sleep(until: at) }
            if !write(edge.values, to: lines) { return false }
        }
        return true
    }

    /// Writes `values` unless they are already on the lines; false when the write failed (logged).
    private func write(_ values: [Bool], to lines: any LEDLineOutput) -> Bool {
        if values == lastLines { return true }
        do {
            try lines.set(values)
            lastLines = values
            return true
        } catch {
            lastLines = nil
            logger?.log(.error, every: .seconds(60), key: "write", "cannot set the LED lines: \(error)")
            return false
        }
    }

    private func show(_ duties: [Double], on display: any LEDDisplay) {
        if duties == lastDuties { return }
        do {
            try display.show(duties)
            lastDuties = duties
        } catch {
            logger?.log(.error, every: .seconds(60), key: "display", "cannot draw the LEDs: \(error)")
        }
    }

    private func waitTime(_ hold: LEDPattern.Hold, continuous: Int64) -> Int64 {
        switch hold {
        case .continuous: continuous
        case .forever: Self.foreverWait
        case .duration(let duration): min(max(Self.nanoseconds(duration), 1), Self.longestWait)
        }
    }

    static func nanoseconds(_ duration: Duration) -> Int64 { LEDPattern.nanoseconds(duration) }
}
