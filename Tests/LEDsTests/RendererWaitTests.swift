import AirQuality
import FoundationEssentials
import LEDs
import LEDsTestSupport
import Testing

/// How often the render loop wakes for a frame that does not change: each wake-up is CPU on a board that
/// does nothing else for hours.
@Suite("Render loop waits")
struct RendererWaitTests {
    static let minute: Int64 = 60_000_000_000

    @Test("a steady colour with no night schedule waits for the next state, not for the clock")
    func steadyColourSleeps() throws {
        let policy = LEDPolicy(kind: .rgb, pwm: true, palette: .breeze)
        let host = SimulatedRenderHost(
            initial: .local(.good), script: [(at: Self.minute / 2, state: .local(.moderate))], duration: Self.minute,
            maximumLatency: 0)
        let display = RecordingLEDDisplay(lineCount: 3, clock: { host.nanoseconds })
        LEDRenderer(policy: policy, output: .display(display), host: host).run()
        // Shown at the start, again at the change, off at the end: a handful of waits in a minute (60 with a
        // look at the clock every second).
        #expect(host.waitCount <= 4, "\(host.waitCount) waits")
        let moderate = try #require(display.frames.first { $0.nanoseconds >= host.start + Self.minute / 2 })
        #expect(moderate.nanoseconds == host.start + Self.minute / 2, "the new state is shown when it comes")
        #expect(moderate.duties != display.frames[0].duties)
    }

    @Test("with a night schedule the loop still looks at the wall clock every second (an NTP step at boot)")
    func nightScheduleLooksEverySecond() throws {
        let night = NightSchedule(
            start: try #require(TimeOfDay(parsing: "22:00")), end: try #require(TimeOfDay(parsing: "07:00")), mode: .off)
        let policy = LEDPolicy(kind: .rgb, pwm: true, night: night, palette: .breeze)
        let host = SimulatedRenderHost(initial: .local(.good), duration: Self.minute, maximumLatency: 0)
        let display = RecordingLEDDisplay(lineCount: 3, clock: { host.nanoseconds })
        LEDRenderer(policy: policy, output: .display(display), host: host, timeZone: FixedUTCOffset(seconds: 0)).run()
        #expect((55...65).contains(host.waitCount), "\(host.waitCount) waits")
    }
}
