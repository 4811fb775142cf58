import FoundationEssentials
import GPIO
import StationDoctor
import Testing
import GPIOTestSupport

@Suite struct DoctorI2CTests {
    /// A Pi 4 with an SPS30 on I²C bus 1 and the given `config.txt`.
    func sps30Machine(config: String) throws -> FakeMachine {
        let machine = try FakeMachine()
        try machine.raspberryPi(model: FakeMachine.pi4Model, config: config)
        try machine.accounts(deviceGroup: "i2c")
        try machine.configuration(#"{"sensor": {"model": "sps30", "i2c": {"bus": 1}}}"#)
        return machine
    }

    @Test func i2cSwitchedOffNamesTheSettingAndRaspiConfig() throws {
        let machine = try sps30Machine(config: "enable_uart=1\n#dtparam=i2c_arm=on\n")
        #expect(
            machine.examine().messages("i2c", .problem) == [
                "I²C is off and /dev/i2c-1 does not exist: add dtparam=i2c_arm=on to /boot/firmware/config.txt "
                    + "('sudo raspi-config nonint do_i2c 0' does it and loads i2c-dev), then reboot"
            ])
    }

    @Test func i2cOnWithoutTheI2cDevModuleSaysToLoadIt() throws {
        let machine = try sps30Machine(config: "dtparam=i2c_arm=on,spi=on\n")
        let messages = machine.examine().messages("i2c", .problem)
        #expect(messages.first?.contains("the i2c-dev module that makes /dev/i2c-1 is not loaded") == true)
        #expect(messages.first?.contains("/etc/modules-load.d/i2c-dev.conf") == true)
        #expect(messages.first?.contains("then sudo systemctl restart breeze-station") == true)
    }

    @Test func i2cOnWithTheModuleListedNeedsAReboot() throws {
        let machine = try sps30Machine(config: "dtparam=i2c_arm\n")
        try machine.write("/etc/modules", "# modules\ni2c-dev\n")
        let messages = machine.examine().messages("i2c", .problem)
        #expect(messages.first?.hasPrefix("/dev/i2c-1 does not exist although /boot/firmware/config.txt") == true)
        #expect(messages.first?.contains("reboot") == true)
    }

    @Test func aPresentBusIsCheckedForAccess() throws {
        let machine = try sps30Machine(config: "dtparam=i2c_arm=on\n")
        try machine.device("/dev/i2c-1")
        let report = machine.examine()
        #expect(report.messages("i2c", .ok) == ["/dev/i2c-1 exists"])
        #expect(report.messages("access", .ok).first?.hasSuffix(":i2c: the service can open it") == true)
        #expect(report.problems.isEmpty, "\(report.text)")
    }

    @Test func aBusOfTheWrongNumberOnAnyMachineListsTheBusesThatExist() throws {
        let machine = try FakeMachine()
        try machine.accounts(deviceGroup: "i2c")
        try machine.device("/dev/i2c-20")
        try machine.configuration(#"{"sensor": {"model": "pmsa003i", "i2c": {"bus": 3}}}"#)
        #expect(
            machine.examine().messages("i2c", .problem) == [
                "/dev/i2c-3 does not exist (present: /dev/i2c-20): load i2c-dev ('sudo modprobe i2c-dev') and check "
                    + "sensor.i2c.bus against 'i2cdetect -l'"
            ])
    }
}

@Suite struct DoctorGPIOTests {
    @Test func aChipLabelOfAnotherBoardListsTheChipsAndNamesThisBoardsLabel() throws {
        let machine = try FakeMachine()
        try machine.raspberryPi(model: FakeMachine.pi5Model, config: "dtparam=uart0=on\n")
        try machine.accounts(deviceGroup: "gpio")
        try machine.configuration(
            #"{"leds": {"chip": "pinctrl-bcm2711", "red": "GPIO5", "green": "GPIO6", "blue": "GPIO13"}}"#)
        let messages = machine.examine(gpio: try machine.headerChip(label: "pinctrl-rp1", lines: 54))
            .messages("gpio-chip", .problem)
        #expect(messages.count == 1)
        let message = try #require(messages.first)
        #expect(message.hasPrefix("leds.chip: no GPIO chip labelled \"pinctrl-bcm2711\"; chips in "))
        #expect(message.contains("gpiochip0 [pinctrl-rp1] (54 lines)"))
        #expect(message.hasSuffix("this Raspberry Pi 5's header chip is \"pinctrl-rp1\""))
    }

    @Test func noChipsAtAllIsAProblem() throws {
        let machine = try FakeMachine()
        try machine.accounts(deviceGroup: "gpio")
        try machine.configuration(#"{"leds": {"chip": "pinctrl-bcm2711", "kind": "single", "line": 26}}"#)
        let message = try #require(machine.examine().messages("gpio-chip", .problem).first)
        #expect(message.contains("no GPIO chips in"))
    }

    @Test func aBusyLineNamesItsHolder() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        let busy = try machine.headerChip(label: "pinctrl-bcm2711", lines: 58, busy: [13: "spi0 CS0", 27: "breeze-station"])
        let report = machine.examine(gpio: busy)
        #expect(
            report.messages("gpio-line", .problem) == [
                "leds.blue is GPIO13 (pin 33), held by \"spi0 CS0\": free it (an overlay in config.txt, another "
                    + "program) or choose another pin"
            ])
        // A line the station itself holds (it is running) is not a problem.
        #expect(report.messages("gpio-line", .ok).contains("sensor.reset_pin is GPIO27 (pin 13), free"))
    }

    @Test func anLEDOnTheSensorsUARTPinsIsAProblem() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.configuration(
            #"{"sensor": {"model": "pms5003"}, "leds": {"chip": "pinctrl-bcm2711", "red": "GPIO14", "green": 6, "blue": "GPIO13"}}"#)
        #expect(
            machine.examine(gpio: gpio).messages("gpio-line", .problem) == [
                "leds.red is GPIO14 (pin 8), the sensor's UART TX: choose another pin (board/README.md)"
            ])
    }

    @Test func aPinUsedTwiceIsAProblem() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.configuration(
            #"{"sensor": {"model": "pms5003", "set_pin": "GPIO5"}, "leds": {"chip": "pinctrl-bcm2711", "kind": "single", "line": 5}}"#)
        #expect(
            machine.examine(gpio: gpio).messages("gpio-line", .problem) == [
                "sensor.set_pin and leds.line are both GPIO5 (pin 29): use one pin once"
            ])
    }

    @Test func sensorPinsWithoutLEDsUseTheBoardsHeaderChip() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.configuration(#"{"sensor": {"model": "pms5003", "set_pin": 22, "reset_pin": "GPIO99"}}"#)
        let report = machine.examine(gpio: gpio)
        #expect(report.messages("gpio-chip", .ok).first?.hasPrefix("sensor pins on gpiochip0 [pinctrl-bcm2711]") == true)
        #expect(report.messages("gpio-line", .ok) == ["sensor.set_pin is GPIO22 (pin 15), free"])
        #expect(report.messages("gpio-line", .problem).first?.hasPrefix("sensor.reset_pin: ") == true)
    }

    @Test func sensorPinsAreOnTheHeaderChipEvenWhenTheLEDsAreOnAnExpander() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.device("/dev/gpiochip1")
        let header = (0..<58).map { SimulatedGPIODriver.Line(name: "GPIO\($0)", consumer: $0 == 27 ? "spi0 CS1" : nil) }
        let expander = (0..<8).map { SimulatedGPIODriver.Line(name: "EXP\($0)") }
        let gpio = SimulatedGPIODriver(
            deviceDirectory: machine.root.appendingPathComponent("dev").path,
            chips: [
                SimulatedGPIODriver.Chip(name: "gpiochip0", label: "pinctrl-bcm2711", lines: header),
                SimulatedGPIODriver.Chip(name: "gpiochip1", label: "led-expander", lines: expander),
            ])
        // The station drives SET/RESET on the header chip whatever leds.chip says (SensorControlPins).
        try machine.configuration(
            #"{"sensor": {"model": "pms5003", "set_pin": "GPIO22", "reset_pin": "GPIO27"}, "leds": {"chip": "led-expander", "red": 5, "green": 6, "blue": 7}}"#)
        let report = machine.examine(gpio: gpio)
        #expect(report.messages("gpio-line", .ok).contains("sensor.set_pin is GPIO22 (pin 15), free"), "\(report.findings)")
        #expect(report.messages("gpio-line", .problem).contains { $0.hasPrefix("sensor.reset_pin is GPIO27 (pin 13), held by") },
            "\(report.findings)")
        // Line 5 of the expander is not GPIO5 of the header: no "used twice".
        #expect(!report.messages("gpio-line", .problem).contains { $0.contains("both") }, "\(report.findings)")
    }

    @Test func aChipTheServiceCannotOpenIsAProblem() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.device("/dev/gpiochip0", mode: 0o600)
        let messages = machine.examine(gpio: gpio).messages("access", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("/dev/gpiochip0 is -rw-------") == true)
        #expect(messages.first?.contains("it should belong to group gpio with mode 0660") == true)
    }
}
