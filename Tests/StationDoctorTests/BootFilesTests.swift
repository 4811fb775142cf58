import StationDoctor
import Testing

@Suite struct BootConfigurationTests {
    let pi4 = BootConfiguration.modelFilters(forModel: "Raspberry Pi 4 Model B Rev 1.4")
    let pi3Plus = BootConfiguration.modelFilters(forModel: "Raspberry Pi 3 Model B Plus Rev 1.3")

    @Test(arguments: [
        ("Raspberry Pi Zero 2 W Rev 1.0", Set(["pi02", "pi0w", "pi0"])),
        ("Raspberry Pi 3 Model B Plus Rev 1.3", Set(["pi3+", "pi3"])),
        ("Raspberry Pi 3 Model B Rev 1.2", Set(["pi3"])),
        ("Raspberry Pi 4 Model B Rev 1.4", Set(["pi4"])),
        ("Raspberry Pi 400 Rev 1.0", Set(["pi400", "pi4"])),
        ("Raspberry Pi 5 Model B Rev 1.0", Set(["pi5"])),
        ("Raspberry Pi 500 Rev 1.0", Set(["pi500", "pi5"])),
        ("QEMU Virtual Machine", Set<String>()),
    ])
    func modelFiltersFollowTheFirmware(model: String, filters: Set<String>) {
        #expect(BootConfiguration.modelFilters(forModel: model) == filters)
    }

    @Test func settingsUnderAnotherModelsFilterDoNotApply() {
        let text = """
            # Raspberry Pi OS default
            dtparam=audio=on
            [pi3]
            enable_uart=1
            [pi4]
            dtoverlay=vc4-kms-v3d
            max_framebuffers=2
            [all]
            dtparam=i2c_arm=on,spi=on
            """
        let boot = BootConfiguration(text: text)
        #expect(boot.value("enable_uart", for: pi4) == nil)
        #expect(boot.value("enable_uart", for: pi3Plus) == "1")
        #expect(boot.value("max_framebuffers", for: pi4) == "2")
        #expect(boot.deviceTreeParameters(for: pi4) == ["audio": "on", "i2c_arm": "on", "spi": "on"])
        #expect(boot.overlays(for: pi4) == ["vc4-kms-v3d"])
        #expect(boot.overlays(for: pi3Plus) == [])
    }

    @Test func laterLinesWinAndNoneAppliesToNothing() {
        let boot = BootConfiguration(text: "enable_uart=1\n[none]\nenable_uart=0\n[all]\ndtparam=i2c_arm=on\ndtparam=i2c_arm=off\n")
        #expect(boot.value("enable_uart", for: pi4) == "1")
        #expect(boot.deviceTreeParameters(for: pi4)["i2c_arm"] == "off")
    }

    @Test func filtersOfOtherKindsAreTakenToApplyAndKeepTheModelFilter() {
        let boot = BootConfiguration(text: "[pi4]\n[gpio4=1]\nenable_uart=1\n[pi3]\n[EDID=VSC-TD2220]\nhdmi_group=2\n")
        #expect(boot.value("enable_uart", for: pi4) == "1")
        #expect(boot.value("hdmi_group", for: pi4) == nil)
    }

    @Test func commentsBlankLinesAndOldOverlayNamesAreHandled() {
        let boot = BootConfiguration(text: "  # enable_uart=1\n\ndtoverlay=pi3-disable-bt # PL011 on the header\ninitramfs initrd.img followkernel\n")
        #expect(boot.value("enable_uart", for: pi4) == nil)
        #expect(boot.overlays(for: pi4) == ["disable-bt"])
        #expect(boot.entries.map(\.line) == [3])
    }

    @Test(arguments: ["on", "true", "yes", "1", "ON"]) func dtparamValuesThatSwitchOn(value: String) {
        #expect(BootConfiguration.isOn(value))
    }

    @Test(arguments: ["off", "0", "no", ""]) func dtparamValuesThatDoNot(value: String) {
        #expect(!BootConfiguration.isOn(value))
    }
}

@Suite struct KernelCommandLineTests {
    @Test func serialConsolesAreTheConsoleWordsOnSerialPorts() {
        let line = KernelCommandLine(
            text: "coherent_pool=1M console=serial0,115200 console=tty1 console=ttyAMA10,115200 root=PARTUUID=x\n")
        #expect(line.consoles.map(\.device) == ["serial0", "tty1", "ttyAMA10"])
        #expect(line.serialConsoles.map(\.word) == ["console=serial0,115200", "console=ttyAMA10,115200"])
    }

    @Test func aCommandLineWithoutConsolesHasNone() {
        #expect(KernelCommandLine(text: "root=/dev/mmcblk0p2 rootwait quiet").serialConsoles.isEmpty)
        #expect(KernelCommandLine(text: "console= quiet").consoles.isEmpty)
    }
}

@Suite struct AccountDatabaseTests {
    @Test func groupsOfAUserAreThePrimaryGroupAndTheMemberships() {
        let accounts = AccountDatabase(
            groupFile: "root:x:0:\ndialout:x:20:pi,station\ngpio:x:997:pi\ni2c:x:998:\npi:x:1000:\nbroken line\n",
            passwdFile: "root:x:0:0:root:/root:/bin/bash\npi:x:1000:1000:,,,:/home/pi:/bin/bash\n")
        let pi = accounts.user(named: "pi")
        #expect(pi?.id == 1000)
        #expect(pi.map(accounts.groupIDs(of:)) == [1000, 20, 997])
        #expect(accounts.groupName(998) == "i2c")
        #expect(accounts.groupName(4242) == "4242")
        #expect(accounts.group(named: "dialout")?.members == ["pi", "station"])
    }
}

@Suite struct HostSystemTests {
    @Test func linksAreFollowedInsideTheRoot() throws {
        let machine = try FakeMachine()
        try machine.device("/dev/ttyAMA0")
        try machine.link("/dev/serial0", to: "/dev/ttyAMA0")
        try machine.link("/dev/serial/by-id/adapter", to: "../../serial0")
        try machine.link("/dev/dangling", to: "ttyUSB7")
        let host = machine.host
        #expect(host.resolve("/dev/serial0") == "/dev/ttyAMA0")
        #expect(host.resolve("/dev/serial/by-id/adapter") == "/dev/ttyAMA0")
        #expect(host.resolve("/dev/dangling") == nil)
        #expect(host.isSymbolicLink("/dev/dangling"))
        #expect(host.readLink("/dev/dangling") == "ttyUSB7")
        #expect(host.status("/dev/serial0")?.kind == .regular)
        #expect(host.machinePath(ofLocation: host.location(of: "/dev/gpiochip0")) == "/dev/gpiochip0")
    }

    @Test func deviceTreeStringsEndAtTheirNUL() throws {
        let machine = try FakeMachine()
        try machine.write("/proc/device-tree/model", "Raspberry Pi 5 Model B Rev 1.0\0")
        #expect(machine.host.readText("/proc/device-tree/model") == "Raspberry Pi 5 Model B Rev 1.0")
    }

    @Test func modesPrintAsLsDoes() {
        #expect(FileStatus(kind: .characterDevice, owner: 0, group: 20, permissions: 0o660).modeString == "crw-rw----")
        #expect(FileStatus(kind: .directory, owner: 0, group: 0, permissions: 0o755).modeString == "drwxr-xr-x")
    }
}
