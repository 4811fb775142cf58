import Configuration
import GPIO
import JSON
import StationDoctor
import Testing

/// Configuration, accounts and groups, state directory, memory limit, perspectives.
@Suite struct DoctorSystemTests {
    @Test func aMissingConfigurationPointsToTheBoardsExample() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.remove("/etc/breeze-station/config.json")
        #expect(
            machine.examine().messages("config", .problem) == [
                "no configuration at /etc/breeze-station/config.json: start from the example for this board: "
                    + "sudo cp /usr/share/breeze-station/boards/pi-4b.json /etc/breeze-station/config.json, then set "
                    + "station and sensor (docs/configuration.md)"
            ])
    }

    @Test func everyConfigurationProblemIsItsOwnLineWithItsKeyPath() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.configuration(
            #"{"sensor": {"model": "pms5003", "serial": {"baud": 9601}}, "sensr": {}, "leds": {"kind": "disco"}}"#)
        let messages = machine.examine().messages("config", .problem)
        #expect(messages.count == 3, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("/etc/breeze-station/config.json: sensor.serial.baud: expected one of") })
        #expect(messages.contains { $0.hasPrefix("/etc/breeze-station/config.json: leds.kind:") })
        #expect(messages.contains { $0.contains("sensr: unknown key; did you mean \"sensor\"?") })
    }

    @Test func invalidJSONIsOneProblem() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.configuration(#"{"sensor": {"model": "pms5003",}"#)
        let messages = machine.examine().messages("config", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("/etc/breeze-station/config.json is not valid JSON") == true)
    }

    @Test func theDoctorAsksTheCallerToReadTheSectionsItDoesNotKnow() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        let doctor = StationDoctor(
            host: machine.host, gpio: machine.noChips, perspective: .service,
            readOtherSections: { root in
                _ = root.section("station")?.string("name")
                // The sensor section's correction is the caller's (the station's) key too.
                _ = root.section("sensor")?.string("correction")
                for key in ["http", "openmeteo", "storage", "log"] { _ = root.value(key) }
            })
        let messages = doctor.examine().messages("config", .problem)
        // pi-4b.json's station section has latitude and longitude, which this reader does not know.
        #expect(messages.count == 2, "\(messages)")
        #expect(messages.allSatisfy { $0.contains("station.l") && $0.contains("unknown key") })
    }

    @Test func aConfigurationTheServicesUserCannotReadIsAProblemForTheService() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.boardConfiguration("pi-4b.json")
        // The files' group is one the service is not in.
        try machine.accounts(deviceGroup: "pi")
        try machine.write("/etc/breeze-station/config.json", "{}", mode: 0o640)
        #expect(
            machine.examine().messages("config", .problem) == [
                "the service (user breeze-station) cannot read /etc/breeze-station/config.json (-rw-r----- "
                    + "pi): sudo chmod 0644 /etc/breeze-station/config.json, or, when it holds secrets, "
                    + "sudo chgrp breeze-station /etc/breeze-station/config.json && sudo chmod 0640 "
                    + "/etc/breeze-station/config.json"
            ])
        try machine.write("/etc/breeze-station/config.json", "{}", mode: 0o644)
        try machine.directory("/etc/breeze-station", mode: 0o750)
        #expect(
            machine.examine().messages("config", .problem) == [
                "the service (user breeze-station) cannot reach /etc/breeze-station/config.json: /etc/breeze-station "
                    + "is not searchable for it: sudo chmod o+x /etc/breeze-station"
            ])
    }

    @Test func aConfigurationInTheServicesGroupIsReadable() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.accounts(deviceGroup: "breeze-station")
        try machine.write("/etc/breeze-station/config.json", "{}", mode: 0o640)
        #expect(machine.examine().messages("config", .problem).isEmpty)
    }

    @Test func anMQTTPasswordFileMustBeReadableByTheServicesUser() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.accounts(deviceGroup: "breeze-station")
        try machine.configuration(
            #"{"mqtt": {"url": "mqtt://broker.lan", "username": "breeze", "password_file": "/etc/breeze-station/mqtt-password"}}"#)
        #expect(
            machine.examine().messages("config", .problem) == [
                "mqtt.password_file /etc/breeze-station/mqtt-password does not exist: create it, or fix the path"
            ])
        try machine.write("/etc/breeze-station/mqtt-password", "secret\n", mode: 0o600)
        #expect(
            machine.examine().messages("config", .problem) == [
                "mqtt.password_file /etc/breeze-station/mqtt-password is not readable by the service (user "
                    + "breeze-station): sudo chown breeze-station /etc/breeze-station/mqtt-password && sudo chmod 0600 "
                    + "/etc/breeze-station/mqtt-password"
            ])
        // root:breeze-station 0640 (the group is the one these files are created with here).
        try machine.write("/etc/breeze-station/mqtt-password", "secret\n", mode: 0o640)
        #expect(machine.examine().messages("config", .problem).isEmpty)
    }

    @Test func anOpenSenseMapTokenFileMustExistAndTheSectionIsKnown() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.accounts(deviceGroup: "breeze-station")
        try machine.configuration(
            #"{"opensensemap": {"box_id": "5f2b56f4263635001c1dd1c0", "token_file": "/etc/breeze-station/osm-token", "#
                + #""sensors": {"pm2_5": "5f2b56f4263635001c1dd1c1"}}}"#)
        #expect(
            machine.examine().messages("config", .problem) == [
                "opensensemap.token_file /etc/breeze-station/osm-token does not exist: create it, or fix the path"
            ])
        try machine.write("/etc/breeze-station/osm-token", "t0ken\n", mode: 0o640)
        #expect(machine.examine().messages("config", .problem).isEmpty)
    }

    @Test func aMissingServiceUserIsAProblem() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.accounts(deviceGroup: "dialout", without: ["breeze-station"])
        let messages = machine.examine().messages("group", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("user breeze-station does not exist, so the service cannot start") == true)
        #expect(messages.first?.contains("217/USER") == true)
    }

    @Test func filesOfAnotherUserInTheStateDirectoryAreAProblem() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.write("/var/lib/breeze-station/history.sqlite", "", mode: 0o644)
        let messages = machine.examine(gpio: gpio).messages("state-directory", .problem)
        #expect(
            messages == [
                "history.sqlite in /var/lib/breeze-station belong to another user, so the service (user "
                    + "breeze-station) cannot write them (a restore as root?): sudo chown -R breeze-station: "
                    + "/var/lib/breeze-station"
            ])
    }

    @Test func aGroupTheUnitNeedsButTheSystemLacksIsAProblem() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.accounts(deviceGroup: "dialout", without: ["gpio"])
        let messages = machine.examine().messages("group", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("group gpio does not exist, so the service cannot start") == true)
        #expect(messages.first?.contains("sudo groupadd --system gpio") == true)
    }

    @Test func aUserNotInTheDevicesGroupIsToldTheUsermodLine() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        let outside = machine.examine(perspective: .user("pi")).messages("access", .problem)
        #expect(outside.first?.contains("/dev/serial0 (/dev/ttyS0) is -rw-rw----") == true)
        #expect(outside.first?.hasSuffix("user pi cannot open it; add pi to group dialout: sudo usermod -aG dialout pi, then log in again") == true)
        try machine.accounts(deviceGroup: "dialout", members: ["dialout": ["pi"]])
        #expect(machine.examine(perspective: .user("pi")).messages("access", .problem).isEmpty)
        #expect(machine.examine(perspective: .user("nobody")).messages("access", .problem) == ["no user nobody in /etc/passwd"])
    }

    @Test func aLoginOlderThanTheGroupChangeIsToldToLogInAgain() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.accounts(deviceGroup: "dialout", members: ["dialout": ["pi"]])
        // uid 64001 = pi; the process still has only its primary group.
        let stale = machine.identity(uid: 64001, gid: 64001, groups: [64001])
        let messages = machine.examine(perspective: .currentProcess, host: stale).messages("access", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.contains("/etc/group puts pi in group dialout, but this login session started before that") == true)
        #expect(messages.first?.hasSuffix("log out and in again (or run 'newgrp dialout')") == true)
        let fresh = machine.identity(uid: 64001, gid: 64001, groups: [64001, machine.fileGroup])
        #expect(machine.examine(perspective: .currentProcess, host: fresh).messages("access", .problem).isEmpty)
    }

    @Test func storageOutsideTheStateDirectoryIsAProblemForTheService() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.configuration(#"{"storage": {"path": "/home/pi/breeze/history.db"}}"#)
        let messages = machine.examine().messages("state-directory", .problem)
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("/home/pi/breeze (the directory of storage.path) is outside") == true)
        #expect(messages.first?.contains("the only place the service may write (ProtectSystem=strict)") == true)
        #expect(messages.first?.contains("ReadWritePaths=/home/pi/breeze") == true)
    }

    @Test func aDropInsReadWritePathsAndDeviceAllowAreHonoured() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.directory("/srv/breeze", mode: 0o750)
        try machine.device("/dev/rfcomm0")
        try machine.configuration(
            #"{"sensor": {"model": "pms5003", "serial": {"path": "/dev/rfcomm0"}}, "storage": {"path": "/srv/breeze/history.db"}}"#)
        let before = machine.examine()
        #expect(before.messages("state-directory", .problem).first?.contains("ReadWritePaths=/srv/breeze") == true)
        #expect(before.messages("access", .problem).contains { $0.contains("rfcomm0, a device class the unit does not allow") })

        // docs/operations.md's drop-in.
        try machine.write(
            "/etc/systemd/system/breeze-station.service.d/override.conf",
            "[Service]\n# local\nReadWritePaths=/srv/breeze\nDeviceAllow=char-rfcomm rw\n")
        let after = machine.examine()
        #expect(!after.messages("state-directory", .problem).contains { $0.contains("outside") }, "\(after.text)")
        #expect(!after.messages("access", .problem).contains { $0.contains("device class") }, "\(after.text)")
    }

    @Test func aDirectoryAsTheDatabasePathIsAProblem() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.configuration(#"{"storage": {"path": "/var/lib/breeze-station"}}"#)
        let messages = machine.examine().messages("state-directory", .problem)
        #expect(
            messages.first
                == "storage.path /var/lib/breeze-station is a directory; it names the database file: "
                + "/var/lib/breeze-station/history.db, or leave the key out (the default is "
                + "/var/lib/breeze-station/history.db)", "\(messages)")
    }

    @Test func aStateDirectoryTheUserCannotWriteIsAProblem() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.directory("/var/lib", mode: 0o755)
        try machine.remove("/var/lib/breeze-station")
        let messages = machine.examine(perspective: .user("pi")).messages("state-directory", .problem)
        #expect(
            messages == [
                "the state directory /var/lib/breeze-station does not exist and /var/lib is not writable by user pi: "
                    + "sudo install -d -o pi /var/lib/breeze-station"
            ])
        #expect(machine.examine().messages("state-directory", .ok).first?.contains("systemd creates it at start") == true)
    }

    @Test func aDisabledMemoryControllerIsAWarningThatKeepsTheStatusZero() throws {
        let machine = try FakeMachine()
        let gpio = try machine.healthyPi4()
        try machine.write(
            "/proc/cgroups",
            "#subsys_name\thierarchy\tnum_cgroups\tenabled\ncpu\t0\t80\t1\nmemory\t0\t80\t0\npids\t0\t80\t1\n")
        let report = machine.examine(gpio: gpio)
        #expect(report.warnings.map(\.check) == ["memory-limit"])
        #expect(report.warnings.first?.message.contains("cgroup_enable=memory") == true)
        #expect(report.exitStatus == 0)
        #expect(report.summary == "no problems, 1 warning")
    }

    @Test func theReportRendersOneLinePerFindingAndASummary() {
        let report = DoctorReport(findings: [
            DoctorFinding(.ok, "board", "fine"), DoctorFinding(.problem, "uart", "off: do this"),
            DoctorFinding(.warning, "memory-limit", "not enforced"),
        ])
        #expect(report.lines() == ["ok   board: fine", "FAIL uart: off: do this", "warn memory-limit: not enforced", "1 problem, 1 warning"])
        #expect(report.lines(minimum: .warning) == ["FAIL uart: off: do this", "warn memory-limit: not enforced", "1 problem, 1 warning"])
        #expect(report.json["status"] == .number(1))
        #expect(DoctorReport(findings: []).summary == "no problems found")
    }
}

/// The Sensor.Community node id, which the user registers on the map's device page.
@Suite struct DoctorSensorCommunityTests {
    @Test func theNodeIDFromTheBoardsSerialIsPrinted() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.write("/proc/cpuinfo", "processor\t: 0\nRevision\t: c03111\nSerial\t\t: 10000000cafe0042\nModel\t\t: Raspberry Pi 4\n")
        try machine.configuration(
            #"{"sensor": {"model": "pms5003", "serial": {"path": "/dev/serial0"}}, "sensor_community": {"enabled": true}}"#)
        let report = machine.examine()
        #expect(report.messages("config", .problem).isEmpty, "\(report.messages("config", .problem))")
        let lines = report.messages("sensor_community", .ok)
        #expect(lines.count == 1)
        #expect(lines.first?.hasPrefix("node id raspi-10000000cafe0042 (X-Sensor): register it on https://devices.sensor.community") == true)
    }

    @Test func aBoardWithoutSerialNeedsTheNodeIDSet() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        try machine.configuration(
            #"{"sensor": {"model": "pms5003", "serial": {"path": "/dev/serial0"}}, "sensor_community": {}}"#)
        let report = machine.examine()
        #expect(report.messages("sensor_community", .ok).isEmpty)
        #expect(report.messages("config", .problem).contains { $0.contains("sensor_community.node_id: missing") })
    }

    @Test func noSectionNoLine() throws {
        let machine = try FakeMachine()
        _ = try machine.healthyPi4()
        #expect(machine.examine().messages("sensor_community", .ok).isEmpty)
    }
}
