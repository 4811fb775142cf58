import GPIO
import StationDoctor
import Testing
import GPIOTestSupport

extension FakeMachine {
    static let pi4Model = "Raspberry Pi 4 Model B Rev 1.4"
    static let pi5Model = "Raspberry Pi 5 Model B Rev 1.0"

    /// A Raspberry Pi 4 set up as board/README.md says, with the pi-4b example configuration: the doctor
    /// should find nothing wrong.
    func healthyPi4() throws -> SimulatedGPIODriver {
        try raspberryPi(model: Self.pi4Model, config: "[all]\ndtparam=i2c_arm=on\nenable_uart=1\n")
        try accounts(deviceGroup: "dialout")
        try device("/dev/ttyS0")
        try link("/dev/serial0", to: "ttyS0")
        try boardConfiguration("pi-4b.json")
        try directory("/var/lib/breeze-station", mode: 0o750)
        return try headerChip(label: "pinctrl-bcm2711", lines: 58)
    }
}

@Suite struct DoctorSerialTests {
    @Test func aHealthyPi4HasNoProblems() throws {
        let machine = try FakeMachine()
        let report = machine.examine(gpio: try machine.healthyPi4())
        #expect(report.problems.isEmpty, "\(report.text)")
        #expect(report.exitStatus == 0)
        #expect(report.messages("board", .ok).first?.contains("profile pi-4b") == true)
        #expect(report.messages("serial-console", .ok) == ["no login console on /dev/serial0 (ttyS0)"])
        #expect(report.messages("uart", .ok).count == 1)
        // The mini UART works at 9600 baud; the doctor mentions the PL011 without calling it a problem.
        #expect(report.messages("uart", .info).first?.contains("dtoverlay=disable-bt") == true)
        #expect(report.messages("gpio-line", .ok).count == 5)
    }

    @Test func aSerialConsoleOnTheSensorsPortIsAProblemWithItsFix() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.raspberryPi(
            model: FakeMachine.pi4Model, config: "enable_uart=1\ndtparam=i2c_arm=on\n",
            commandLine: "console=serial0,115200 console=tty1 root=PARTUUID=1234-02 rootwait")
        let report = machine.examine(gpio: gpio)
        let messages = report.messages("serial-console", .problem)
        #expect(messages.count == 1, "\(report.text)")
        #expect(messages.first?.hasPrefix("console=serial0,115200 in /proc/cmdline puts a login console on /dev/serial0 (ttyS0)") == true)
        #expect(messages.first?.contains("/boot/firmware/cmdline.txt") == true)
        #expect(messages.first?.contains("raspi-config nonint do_serial_cons 1") == true)
        #expect(report.exitStatus == 1)
    }

    @Test func aConsoleNamedByTheKernelDeviceIsFoundToo() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.raspberryPi(
            model: FakeMachine.pi4Model, config: "enable_uart=1\n", commandLine: "console=ttyS0,115200 quiet")
        let messages = machine.examine(gpio: gpio).messages("serial-console", .problem)
        #expect(messages.first?.hasPrefix("console=ttyS0,115200 in /proc/cmdline") == true)
    }

    @Test func aConsoleAlreadyRemovedFromCmdlineTxtNeedsOnlyAReboot() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.raspberryPi(
            model: FakeMachine.pi4Model, config: "enable_uart=1\n", commandLine: "console=tty1 rootwait",
            running: "console=serial0,115200 console=tty1 rootwait")
        let messages = machine.examine(gpio: gpio).messages("serial-console", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.hasSuffix("already gone from /boot/firmware/cmdline.txt: reboot") == true)
    }

    @Test func aConsoleOnTheDebugUARTOfAPi5DoesNotConcernTheHeaderUART() throws {
        let machine = try FakeMachine()
        try machine.raspberryPi(
            model: FakeMachine.pi5Model, config: "dtparam=uart0=on\n",
            commandLine: "console=serial0,115200 console=tty1 rootwait")
        try machine.accounts()
        try machine.device("/dev/ttyAMA0")
        try machine.device("/dev/ttyAMA10")
        try machine.link("/dev/serial0", to: "ttyAMA10")
        try machine.boardConfiguration("pi-5.json")
        let report = machine.examine(gpio: try machine.headerChip(label: "pinctrl-rp1", lines: 54))
        #expect(report.problems.isEmpty, "\(report.text)")
        #expect(report.messages("serial-console", .ok) == ["no login console on /dev/ttyAMA0 (ttyAMA0)"])
    }

    @Test func serial0OnAPi5IsTheDebugConnector() throws {
        let machine = try FakeMachine()
        try machine.raspberryPi(model: FakeMachine.pi5Model, config: "dtparam=uart0=on\n")
        try machine.accounts()
        try machine.device("/dev/ttyAMA10")
        try machine.link("/dev/serial0", to: "ttyAMA10")
        try machine.configuration(#"{"sensor": {"model": "sds011", "serial": {"path": "/dev/serial0"}}}"#)
        let messages = machine.examine().messages("uart", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("ttyAMA10, the debug connector's UART, not GPIO14/15") == true)
        #expect(messages.first?.hasSuffix("set sensor.serial.path to /dev/ttyAMA0") == true)
    }

    @Test func theUARTSwitchedOffIsOneProblemNamingTheSettingOfTheBoard() throws {
        for (model, setting) in [(FakeMachine.pi4Model, "enable_uart=1"), (FakeMachine.pi5Model, "dtparam=uart0=on")] {
            let machine = try FakeMachine()
            try machine.raspberryPi(model: model, config: "dtparam=audio=on\n[pi3]\nenable_uart=1\n[all]\n")
            try machine.accounts()
            let path = model == FakeMachine.pi5Model ? "/dev/ttyAMA0" : "/dev/serial0"
            try machine.configuration(#"{"sensor": {"model": "pms5003", "serial": {"path": "\#(path)"}}}"#)
            let report = machine.examine()
            #expect(report.messages("uart", .problem).count == 1, "\(report.text)")
            #expect(
                report.messages("uart", .problem).first
                    == "the header UART (GPIO14/15) is off and \(path) does not exist: add \(setting) to "
                    + "/boot/firmware/config.txt ('sudo raspi-config nonint do_serial_hw 0' does it), then reboot")
            // The missing device is the same problem: not reported twice.
            #expect(report.messages("device", .problem).isEmpty)
        }
    }

    @Test func disableBtMakesThePL011TheHeaderUARTAndSwitchesItOn() throws {
        let machine = try FakeMachine()
        try machine.raspberryPi(model: FakeMachine.pi4Model, config: "dtoverlay=disable-bt\n")
        try machine.accounts()
        try machine.device("/dev/ttyAMA0")
        try machine.link("/dev/serial0", to: "ttyAMA0")
        try machine.configuration(#"{"sensor": {"model": "pms5003"}}"#)
        let report = machine.examine()
        #expect(report.messages("uart", .ok).first?.hasSuffix("/dev/serial0 is ttyAMA0") == true, "\(report.text)")
        #expect(report.messages("uart", .info).isEmpty)
        #expect(report.problems.isEmpty, "\(report.text)")
    }

    @Test func ttyAMA0WithoutDisableBtIsTheBluetoothUART() throws {
        for path in ["/dev/ttyAMA0", "/dev/serial1"] {
            let machine = try FakeMachine()
            try machine.raspberryPi(model: FakeMachine.pi4Model, config: "enable_uart=1\n")
            try machine.accounts()
            try machine.device("/dev/ttyS0")
            try machine.device("/dev/ttyAMA0")
            try machine.link("/dev/serial0", to: "ttyS0")
            try machine.link("/dev/serial1", to: "ttyAMA0")
            try machine.configuration(#"{"sensor": {"model": "pms5003", "serial": {"path": "\#(path)"}}}"#)
            let messages = machine.examine().messages("uart", .problem)
            #expect(messages.count == 1, "\(path): \(messages)")
            #expect(messages.first?.contains("is ttyAMA0, the Bluetooth UART") == true, "\(messages)")
            #expect(messages.first?.contains("use /dev/serial0") == true)
        }
    }

    @Test func ttyAMA10OnAPi5IsTheDebugConnectorByAnyName() throws {
        let machine = try FakeMachine()
        try machine.raspberryPi(model: FakeMachine.pi5Model, config: "dtparam=uart0_console\n")
        try machine.accounts()
        try machine.device("/dev/ttyAMA10")
        try machine.configuration(#"{"sensor": {"model": "sds011", "serial": {"path": "/dev/ttyAMA10"}}}"#)
        let messages = machine.examine().messages("uart", .problem)
        #expect(messages == ["on a Raspberry Pi 5 /dev/ttyAMA10 is ttyAMA10, the debug connector's UART, not GPIO14/15: "
            + "set sensor.serial.path to /dev/ttyAMA0"], "\(messages)")
    }

    @Test func uart0ConsoleSwitchesThePi5HeaderUARTOn() throws {
        let machine = try FakeMachine()
        try machine.raspberryPi(model: FakeMachine.pi5Model, config: "dtparam=uart0_console\n")
        try machine.accounts()
        try machine.device("/dev/ttyAMA0")
        try machine.configuration(#"{"sensor": {"model": "pms5003", "serial": {"path": "/dev/ttyAMA0"}}}"#)
        let report = machine.examine()
        #expect(report.messages("uart", .problem).isEmpty, "\(report.text)")
        #expect(report.messages("uart", .ok).first?.contains("the header UART is on") == true, "\(report.text)")
    }

    @Test func aUARTSwitchedOnButMissingNeedsAReboot() throws {
        let machine = try FakeMachine()
        try machine.raspberryPi(model: FakeMachine.pi4Model, config: "enable_uart=1\n")
        try machine.accounts()
        try machine.configuration(#"{"sensor": {"model": "pms5003"}}"#)
        let messages = machine.examine().messages("device", .problem)
        #expect(
            messages == [
                "/dev/serial0 does not exist although /boot/firmware/config.txt switches the UART on: reboot "
                    + "(config.txt is read at boot)"
            ])
    }

    @Test func aMissingUSBAdapterListsTheAdaptersThatArePresent() throws {
        let machine = try FakeMachine()
        try machine.accounts()
        try machine.device("/dev/ttyUSB1")
        try machine.link("/dev/serial/by-id/usb-1a86_USB2.0-Serial-if00-port0", to: "../../ttyUSB1")
        try machine.configuration(#"{"sensor": {"model": "sds011", "serial": {"path": "/dev/ttyUSB0"}}}"#)
        let report = machine.examine()
        #expect(report.messages("board", .info).first?.hasPrefix("no device-tree model") == true)
        #expect(
            report.messages("device", .problem) == [
                "/dev/ttyUSB0 does not exist: plug the adapter in; prefer its /dev/serial/by-id/ path, which survives "
                    + "renumbering (present: /dev/serial/by-id/usb-1a86_USB2.0-Serial-if00-port0, /dev/ttyUSB1)"
            ])
    }

    @Test func aByIDLinkIsFollowedToTheDevice() throws {
        let machine = try FakeMachine()
        try machine.accounts()
        try machine.device("/dev/ttyUSB1")
        try machine.link("/dev/serial/by-id/usb-adapter", to: "../../ttyUSB1")
        try machine.configuration(#"{"sensor": {"model": "sds011", "serial": {"path": "/dev/serial/by-id/usb-adapter"}}}"#)
        let report = machine.examine()
        #expect(
            report.messages("access", .ok).first?.hasPrefix("/dev/serial/by-id/usb-adapter (/dev/ttyUSB1) is -rw-rw----")
                == true, "\(report.text)")
    }

    @Test func aPortHeldByTheConsoleIsOwnedByTtyAndTheServiceCannotOpenIt() throws {
        let machine = try FakeMachine()
        try machine.raspberryPi(model: FakeMachine.pi4Model, config: "enable_uart=1\n")
        try machine.accounts(deviceGroup: "tty")
        try machine.device("/dev/ttyS0", mode: 0o620)
        try machine.link("/dev/serial0", to: "ttyS0")
        try machine.configuration(#"{"sensor": {"model": "pms5003"}}"#)
        let messages = machine.examine().messages("access", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("/dev/serial0 (/dev/ttyS0) is -rw--w----") == true)
        #expect(messages.first?.contains(":tty: the service (user breeze-station, groups gpio, i2c, dialout) cannot open it") == true)
        #expect(messages.first?.hasSuffix("turn the serial console off (see serial-console)") == true)
    }

    @Test func anEnabledSerialGettyIsAProblem() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.link(
            "/etc/systemd/system/getty.target.wants/serial-getty@ttyS0.service",
            to: "/lib/systemd/system/serial-getty@.service")
        let messages = machine.examine().messages("serial-console", .problem)
        #expect(
            messages == [
                "serial-getty@ttyS0.service is enabled: a login prompt reads the sensor's port: "
                    + "sudo systemctl disable --now serial-getty@ttyS0.service"
            ])
    }

    @Test func aSerialDeviceOutsideTheUnitsDeviceClassesIsAProblemForTheService() throws {
        let machine = try FakeMachine()
        try machine.accounts()
        try machine.device("/dev/rfcomm0")
        try machine.configuration(#"{"sensor": {"model": "sds011", "serial": {"path": "/dev/rfcomm0"}}}"#)
        #expect(machine.examine().messages("access", .problem).first?.contains("DeviceAllow=") == true)
        #expect(machine.examine(perspective: .currentProcess).messages("access", .problem).isEmpty)
    }
}
