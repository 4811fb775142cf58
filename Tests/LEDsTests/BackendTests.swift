import AirQuality
import GPIO
import LEDs
import Synchronization
import Testing
import LEDsTestSupport
import GPIOTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Backends and the LED controller")
struct BackendTests {
    static func pi4() -> SimulatedGPIODriver {
        let header = (0..<58).map { offset -> SimulatedGPIODriver.Line in
            switch offset {
            case 8: SimulatedGPIODriver.Line(name: "SPI_CE0_N", consumer: "spi0 CS0")
            case 2: SimulatedGPIODriver.Line(name: "SDA1")
            default: SimulatedGPIODriver.Line(name: "GPIO\(offset)")
            }
        }
        return SimulatedGPIODriver(chips: [
            SimulatedGPIODriver.Chip(name: "gpiochip0", label: "pinctrl-bcm2711", lines: header),
            SimulatedGPIODriver.Chip(name: "gpiochip1", label: "raspberrypi-exp-gpio", lineCount: 8),
        ])
    }

    static func rgb(_ lines: [LineSelector], activeLow: Bool = false, pwm: Bool = false) -> LEDConfiguration {
        LEDConfiguration(
            backend: .gpiod, chip: .label("pinctrl-bcm2711"), kind: .rgb, lines: lines, activeLow: activeLow, pwm: pwm)
    }

    /// Waits (real time) until `condition` holds; false after `timeout` seconds. Sleeps without holding a
    /// thread of the cooperative pool.
    static func eventually(_ timeout: Double = 5, _ condition: () -> Bool) async -> Bool {
        let deadline = MonotonicClock.now() + Int64(timeout * 1e9)
        while !condition() {
            if MonotonicClock.now() > deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    @Test("the gpiod backend requests the configured lines once, as breeze-station, initially off")
    func gpiodBackend() throws {
        let driver = Self.pi4()
        let output = try LEDBackendFactory.output(
            for: Self.rgb([.name("GPIO5"), .name("GPIO6"), .offset(13)], activeLow: true),
            chips: GPIOChips(driver: driver))
        guard case .lines(let lines as GPIOLEDLines) = output else {
            Issue.record("expected gpiod lines")
            return
        }
        #expect(lines.request.lines.map(\.offset) == [5, 6, 13])
        #expect(driver.consumer(chip: "gpiochip0", offset: 13) == "breeze-station")
        // Active-low and off: driven high.
        #expect(driver.levels(chip: "gpiochip0") == [5: true, 6: true, 13: true])
        lines.close()
        #expect(driver.consumer(chip: "gpiochip0", offset: 5) == nil)
    }

    @Test("a busy line in the configuration is refused with its consumer")
    func busyLine() throws {
        let error = #expect(throws: GPIOError.self) {
            _ = try LEDBackendFactory.output(
                for: Self.rgb([.name("GPIO5"), .name("SPI_CE0_N"), .offset(13)]), chips: GPIOChips(driver: Self.pi4()))
        }
        #expect(error?.code == .lineBusy)
        #expect(error?.message.contains("used by \"spi0 CS0\"") == true)
    }

    @Test("the controller drives the lines from its thread, and stop turns them off and releases them")
    func controllerOnGPIO() async throws {
        let driver = Self.pi4()
        let output = try LEDBackendFactory.output(
            for: Self.rgb([.name("GPIO5"), .name("GPIO6"), .offset(13)]), chips: GPIOChips(driver: driver))
        let controller = LEDController(policy: LEDPolicy(kind: .rgb, pwm: false), output: output, ignoresNight: true)
        controller.show(.local(.moderate))
        try controller.start(selfTest: false)
        #expect(await Self.eventually { driver.levels(chip: "gpiochip0") == [5: true, 6: true, 13: false] })
        controller.show(.local(.excellent))
        #expect(await Self.eventually { driver.levels(chip: "gpiochip0") == [5: false, 6: true, 13: false] })
        let before = MonotonicClock.now()
        controller.stop()
        let stopMilliseconds = Double(MonotonicClock.now() - before) / 1e6
        // Off, then released: nothing holds the lines any more.
        #expect(driver.levels(chip: "gpiochip0").isEmpty)
        #expect(driver.consumer(chip: "gpiochip0", offset: 5) == nil)
        #expect(stopMilliseconds < 1000, "stop took \(stopMilliseconds) ms")
        controller.stop()
    }

    @Test("software PWM on a real thread writes the lines hundreds of times a second, and stops dark")
    func controllerPWM() async throws {
        let lines = RecordingLEDLines(lineCount: 3)
        let controller = LEDController(policy: LEDPolicy(kind: .rgb), output: .lines(lines), ignoresNight: true)
        controller.show(.local(.veryUnhealthy))
        try controller.start(selfTest: false)
        #expect(await Self.eventually { lines.writeCount >= 100 })
        controller.stop()
        #expect(lines.isClosed)
        #expect(lines.current == [false, false, false])
        let count = lines.writeCount
        try await Task.sleep(for: .milliseconds(20))
        #expect(lines.writeCount == count)
    }

    @Test("stopping a controller that never started still releases its lines")
    func stopBeforeStart() {
        let lines = RecordingLEDLines(lineCount: 1)
        let controller = LEDController(policy: LEDPolicy(kind: .single), output: .lines(lines))
        controller.stop()
        #expect(lines.isClosed)
        #expect(lines.current == [false])
    }

    @Test("the controller only restarts a pattern when the state changes")
    func sameStateKeepsPattern() async throws {
        let display = RecordingLEDDisplay(lineCount: 1)
        let controller = LEDController(policy: LEDPolicy(kind: .single), output: .display(display), ignoresNight: true)
        controller.show(.local(.good))
        try controller.start(selfTest: false)
        #expect(await Self.eventually { !display.frames.isEmpty })
        for _ in 0..<50 { controller.show(.local(.good)) }
        #expect(controller.state == .local(.good))
        try await Task.sleep(for: .milliseconds(50))
        controller.stop()
        // Good blinks 2 s on, 2 s off: in the first 2 s after the pattern began (however long this busy
        // machine took to get here) the LED stayed lit; a restarted pattern would have gone through its start
        // again. The last frame is stop's.
        let frames = display.frames
        let began = try #require(frames.first).nanoseconds
        #expect(frames.first?.duties == [1])
        let lit = frames.dropLast().filter { $0.nanoseconds - began < 1_900_000_000 }
        #expect(lit.allSatisfy { $0.duties == [1] })
        #expect(lit.count == 1, "the pattern was drawn again: \(lit.count) frames")
        #expect(frames.last?.duties == [0])
    }
}
