import GPIO
import POSIX
import Testing
import GPIOTestSupport

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Lines: resolution, requests and their errors")
struct LineRequestTests {
    static let headers: [(board: String, label: String)] = [
        ("pi3", "pinctrl-bcm2835"), ("pi4", "pinctrl-bcm2711"), ("pi5-before-renumbering", "pinctrl-rp1"),
        ("pi5-after-renumbering", "pinctrl-rp1"),
    ]

    func chip(_ board: String, _ label: String) throws -> (GPIOChip, SimulatedGPIODriver) {
        let driver = try RecordedBoard.load(board).driver()
        return (try GPIOChips(driver: driver).open(.label(label)), driver)
    }

    @Test("GPIO17 is offset 17 on every header chip", arguments: headers)
    func gpio17(_ header: (board: String, label: String)) throws {
        let (chip, _) = try chip(header.board, header.label)
        let line = try chip.resolve(.name("GPIO17"))
        #expect(line.offset == 17)
        #expect(line.name == "GPIO17")
    }

    @Test("GPIO2 means BCM 2 on a Pi 4, where the line is named SDA1")
    func bcmNameFallback() throws {
        let (chip, _) = try chip("pi4", "pinctrl-bcm2711")
        let line = try chip.resolve(.name("GPIO2"))
        #expect(line.offset == 2)
        #expect(line.name == "SDA1")
    }

    @Test("the GPIO<n> fallback is only for Raspberry Pi header chips")
    func noFallbackElsewhere() throws {
        let (chip, _) = try chip("pi4", "raspberrypi-exp-gpio")
        let error = #expect(throws: GPIOError.self) { try chip.resolve(.name("GPIO2")) }
        #expect(error?.code == .noSuchLine)
    }

    @Test("a bad line name lists the names the chip has")
    func badLineName() throws {
        let (chip, _) = try chip("pi4", "pinctrl-bcm2711")
        let error = #expect(throws: GPIOError.self) { try chip.resolve(.name("LED_RED")) }
        #expect(error?.code == .noSuchLine)
        let message = error?.message ?? ""
        #expect(
            message.hasPrefix(
                "no line named \"LED_RED\" on gpiochip0 [pinctrl-bcm2711]; named lines: ID_SDA, ID_SCL, SDA1"))
        #expect(message.hasSuffix(", ... (58 lines, offsets 0-57)"))
    }

    @Test("an offset past the last line says how many lines the chip has")
    func offsetOutOfRange() throws {
        let (chip, _) = try chip("pi5-after-renumbering", "pinctrl-rp1")
        let error = #expect(throws: GPIOError.self) { try chip.requestOutputs([OutputLine(.offset(54))]) }
        #expect(error?.code == .lineOutOfRange)
        #expect(
            error?.message
                == "line offset 54 is out of range on gpiochip0 [pinctrl-rp1]: it has 54 lines (offsets 0-53)")
    }

    @Test("a line held by a kernel driver is busy, and the error names the consumer")
    func busyLine() throws {
        let (chip, _) = try chip("pi4", "pinctrl-bcm2711")
        let error = #expect(throws: GPIOError.self) {
            try chip.requestOutputs([OutputLine(.name("GPIO17")), OutputLine(.name("SPI_CE0_N"))])
        }
        #expect(error?.code == .lineBusy)
        #expect(error?.underlying?.code == EBUSY)
        #expect(
            error?.message == "line SPI_CE0_N (offset 8) of gpiochip0 [pinctrl-bcm2711] is busy: used by \"spi0 CS0\" "
                + "(free it, or choose another line)")
    }

    @Test("a second station requesting the same lines is told another breeze-station holds them")
    func busyBySelf() throws {
        let (chip, _) = try chip("pi3", "pinctrl-bcm2835")
        let first = try chip.requestOutputs([OutputLine(.name("GPIO5"))])
        let error = #expect(throws: GPIOError.self) { try chip.requestOutputs([OutputLine(.offset(5))]) }
        #expect(
            error?.message.hasSuffix("is busy: used by \"breeze-station\" (is another breeze-station running?)") == true
        )
        first.release()
        let again = try chip.requestOutputs([OutputLine(.offset(5))])
        again.release()
    }

    @Test("the same line twice in one request is refused")
    func duplicate() throws {
        let (chip, _) = try chip("pi4", "pinctrl-bcm2711")
        let error = #expect(throws: GPIOError.self) {
            try chip.requestOutputs([OutputLine(.name("GPIO17")), OutputLine(.offset(17))])
        }
        #expect(error?.code == .duplicateLine)
        #expect(
            error?.message == "line GPIO17 (offset 17) of gpiochip0 [pinctrl-bcm2711] is given twice (as offset 17)")
    }

    @Test("a request is kept after the chip closes, sets all lines at once with per-line polarity, and releases")
    func requestLifecycle() throws {
        let (chip, driver) = try chip("pi5-after-renumbering", "pinctrl-rp1")
        let request = try chip.requestOutputs([
            OutputLine(.name("GPIO5")), OutputLine(.name("GPIO6"), activeLow: true), OutputLine(.offset(13)),
        ])
        chip.close()
        #expect(request.lines.map(\.offset) == [5, 6, 13])
        #expect(driver.consumer(chip: "gpiochip0", offset: 6) == "breeze-station")
        // Requested off: the active-low line is high.
        #expect(driver.levels(chip: "gpiochip0") == [5: false, 6: true, 13: false])
        try request.set([true, true, false])
        #expect(driver.levels(chip: "gpiochip0") == [5: true, 6: false, 13: false])
        #expect(driver.writeCount == 1)
        request.release()
        #expect(driver.consumer(chip: "gpiochip0", offset: 6) == nil)
        let error = #expect(throws: GPIOError.self) { try request.set([false, false, false]) }
        #expect(error?.message.contains("already released") == true)
        request.release()
    }

    @Test("a write the kernel refuses is an error naming the cause")
    func writeFailure() throws {
        let (chip, driver) = try chip("pi4", "pinctrl-bcm2711")
        let request = try chip.requestOutputs([OutputLine(.offset(17))])
        driver.failWrites(with: ENODEV)
        let error = #expect(throws: GPIOError.self) { try request.set([true]) }
        #expect(
            error?.message
                == "cannot set lines of gpiochip0 [pinctrl-bcm2711]: gpiod_set_values: ENODEV (no such device)")
    }
}
