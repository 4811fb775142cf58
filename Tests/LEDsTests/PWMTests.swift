import AirQuality
import Diagnostics
import LEDs
import Synchronization
import Testing
import LEDsTestSupport

@Suite("Software PWM")
struct PWMTests {
    static let period: Int64 = 5_000_000

    @Test("a period has one write at the start and one per distinct off-time")
    func edges() {
        let schedule = PWMSchedule(duties: [0.5, 0.25, 0], period: Self.period)
        #expect(schedule.edges.map(\.offset) == [0, 1_250_000, 2_500_000])
        #expect(schedule.edges.map(\.values) == [[true, true, false], [true, false, false], [false, false, false]])
        #expect(schedule.onTimes == [2_500_000, 1_250_000, 0])
    }

    @Test("off-times closer than 20 µs share one write, and the duty moves by less than 0.4 %")
    func merging() {
        let duties = [0.300, 0.302, 0.7]
        let schedule = PWMSchedule(duties: duties, period: Self.period)
        #expect(schedule.edges.count == 3)
        for (onTime, duty) in zip(schedule.onTimes, duties) {
            #expect(abs(Double(onTime) / Double(Self.period) - duty) < 0.004)
        }
    }

    @Test("fully on or off lines need one write per period; nearly full counts as full")
    func staticSchedules() {
        #expect(PWMSchedule(duties: [1, 0, 1], period: Self.period).isStatic)
        #expect(PWMSchedule(duties: [0.999, 0, 0], period: Self.period).isStatic)
        #expect(!PWMSchedule(duties: [0.99, 0, 0], period: Self.period).isStatic)
    }

    @Test(
        "on-times match duties within 20 µs for any duty",
        arguments: Array(stride(from: 0.0, through: 1.0, by: 0.0625))
    )
    func onTimes(_ duty: Double) {
        let schedule = PWMSchedule(duties: [duty, 1 - duty, duty / 2], period: Self.period)
        for (onTime, target) in zip(schedule.onTimes, [duty, 1 - duty, duty / 2]) {
            #expect(abs(Double(onTime) - target * Double(Self.period)) <= 20_000)
        }
    }

    static let colors: [(String, AQILevel)] = [
        ("very unhealthy, three partial lines", .veryUnhealthy), ("moderate", .moderate), ("USG", .unhealthySensitive),
        ("hazardous", .hazardous),
    ]

    @Test(
        "over a simulated second with scheduler latency, each line's duty stays within 2 % of its target",
        arguments: colors)
    func dutyOverASecond(_ name: String, _ level: AQILevel) {
        let policy = LEDPolicy(kind: .rgb, pwm: true, brightness: 0.9, palette: .epa)
        let host = SimulatedRenderHost(initial: .local(level), duration: 1_000_000_000, maximumLatency: 80_000)
        let lines = RecordingLEDLines(lineCount: 3, clock: { host.nanoseconds })
        let renderer = LEDRenderer(policy: policy, output: .lines(lines), host: host, ignoresNight: true)
        renderer.run()
        let target = policy.frame(for: .local(level), elapsed: .zero, at: nil).duties
        for line in 0..<3 {
            let onTime = lines.onTime(line: line, from: host.start, to: host.end)
            let duty = Double(onTime) / 1e9
            #expect(abs(duty - target[line]) <= 0.02, "\(name) line \(line): \(duty) vs \(target[line])")
            if target[line] > 0 && target[line] < 1 {
                // About 200 periods: one rising edge each.
                let rises = zip(lines.writes, lines.writes.dropFirst()).filter { !$0.values[line] && $1.values[line] }
                    .count
                #expect((190...201).contains(rises), "line \(line): \(rises) periods")
            }
        }
        #expect(lines.isClosed)
        #expect(lines.current == [false, false, false])
    }

    @Test("steady full colours need no PWM: a handful of writes a second")
    func steadyNeedsNoPWM() {
        let policy = LEDPolicy(kind: .rgb, pwm: true, palette: .epa)
        let host = SimulatedRenderHost(initial: .local(.unhealthy), duration: 1_000_000_000)
        let lines = RecordingLEDLines(lineCount: 3, clock: { host.nanoseconds })
        LEDRenderer(policy: policy, output: .lines(lines), host: host, ignoresNight: true).run()
        #expect(lines.writes.map(\.values) == [[true, false, false], [false, false, false]])
    }

    @Test("a new state is applied within one PWM period")
    func stateChangeLatency() {
        let policy = LEDPolicy(kind: .rgb, pwm: true)
        let change: Int64 = 300_000_000
        let host = SimulatedRenderHost(
            initial: .local(.veryUnhealthy), script: [(change, .fault)], duration: 400_000_000)
        let lines = RecordingLEDLines(lineCount: 3, clock: { host.nanoseconds })
        LEDRenderer(policy: policy, output: .lines(lines), host: host, ignoresNight: true).run()
        let firstBlue = lines.writes.first { $0.values == [false, false, true] }
        #expect(firstBlue != nil)
        if let firstBlue {
            #expect(firstBlue.nanoseconds - (host.start + change) <= 5_000_000 + 80_000)
        }
    }

    @Test("the start-up sweep plays to its end before the state shown meanwhile")
    func sweepFirst() {
        let policy = LEDPolicy(kind: .rgb, pwm: false)
        let host = SimulatedRenderHost(initial: .local(.moderate), duration: 3_000_000_000, maximumLatency: 0)
        let lines = RecordingLEDLines(lineCount: 3, clock: { host.nanoseconds })
        LEDRenderer(policy: policy, output: .lines(lines), host: host, ignoresNight: true).run(selfTest: true)
        let writes = lines.writes
        #expect(writes.first?.values == [true, false, false])
        let yellow = writes.first { $0.values == [true, true, false] && $0.nanoseconds >= host.start + 2_000_000_000 }
        #expect(yellow?.nanoseconds == host.start + 2_000_000_000)
    }

    @Test("failed writes are logged, retried a second later, and the renderer keeps going")
    func writeFailures() {
        let policy = LEDPolicy(kind: .rgb, pwm: false)
        let host = SimulatedRenderHost(initial: .local(.good), duration: 4_000_000_000, maximumLatency: 0)
        let lines = FlakyLines(failures: 2)
        let sink = InMemoryLogSink()
        let logger = Logger(label: "leds", sink: sink, format: .terminal)
        LEDRenderer(policy: policy, output: .lines(lines), host: host, ignoresNight: true, logger: logger).run()
        // Good without PWM: green with one dark gap, every 3 s; the first writes fail, later ones land.
        #expect(lines.written.contains([false, true, false]))
        #expect(lines.written.last == [false, false, false])
        #expect(lines.closed)
        #expect(sink.lines.count == 1)
        #expect(sink.lines.first?.contains("cannot set the LED lines") == true)
    }

    @Test("software PWM waits a second after a failed write, then resumes")
    func pwmWriteFailures() {
        let policy = LEDPolicy(kind: .rgb, pwm: true)
        let host = SimulatedRenderHost(initial: .local(.veryUnhealthy), duration: 2_000_000_000, maximumLatency: 0)
        let lines = FlakyLines(failures: 1)
        LEDRenderer(policy: policy, output: .lines(lines), host: host, ignoresNight: true).run()
        // 1 s lost to the retry delay, then about 200 periods of 4 writes, then off.
        #expect((780...810).contains(lines.written.count), "\(lines.written.count) writes")
        #expect(lines.written.last == [false, false, false])
    }
}

/// Lines whose first `failures` writes fail, like a chip that comes back.
final class FlakyLines: LEDLineOutput, Sendable {
    struct Unplugged: Error {}
    let lineCount = 3
    private let state: Mutex<(failures: Int, written: [[Bool]], closed: Bool)>
    init(failures: Int) { state = Mutex((failures, [], false)) }
    var written: [[Bool]] { state.withLock { $0.written } }
    var closed: Bool { state.withLock { $0.closed } }
    func set(_ values: [Bool]) throws {
        try state.withLock { state throws in
            if state.failures > 0 {
                state.failures -= 1
                throw Unplugged()
            }
            state.written.append(values)
        }
    }
    func close() { state.withLock { $0.closed = true } }
}
