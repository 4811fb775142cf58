import Foundation
import JSON
import MQTTTestSupport
import SensorEmulation
import SensorRuntime
import Sensors
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `breeze-station run` announcing itself through a real avahi-daemon (AvahiRig: a private D-Bus and an
/// avahi-daemon in its own network namespace), found with `avahi-browse -rpt _http._tcp`.
@Suite("breeze-station run on the LAN (DNS-SD through avahi)", .serialized)
struct StationDNSSDTests {
    /// A station on an emulated PMS5003 with `name`, on any loopback port, talking to `bus`.
    struct Station {
        let directory: URL
        let emulator: PseudoTerminalEmulator
        let process: StationProcess

        init(_ label: String, name: String, busAddress: String, extraHTTP: String = "") throws {
            directory = try scratchDirectory(label)
            let link = directory.appendingPathComponent("sensor").path
            let device = try #require(SensorEmulators.serialDevice(.pms5003, scenario: .steady(pm25: 5), start: Date()))
            emulator = PseudoTerminalEmulator(device: device, link: link)
            try emulator.start()
            let config = directory.appendingPathComponent("config.json")
            try Data(
                """
                {"station": {"name": "\(name)"},
                 "sensor": {"model": "pms5003", "serial": {"path": "\(link)"}, "interval_s": 1, "warm_up_s": 2},
                 "http": {"listen": "127.0.0.1:0"\(extraHTTP)},
                 "storage": {"path": "\(directory.path)/state/history.db"}, "log": {"level": "info"}}
                """.utf8
            ).write(to: config)
            process = try StationProcess(
                ["run", "--config", config.path], environment: ["DBUS_SYSTEM_BUS_ADDRESS": busAddress])
        }

        func stop() async {
            process.send(SIGTERM)
            _ = await process.waitForExit(within: 30)
            await emulator.stop()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    static let skipReason = AvahiRig.unavailableReason()

    @Test(
        "found by avahi-browse with its name, bound port and TXT; a taken name gets avahi's alternative; back after avahi-daemon restarts",
        .enabled(if: skipReason == nil, "\(skipReason ?? "")"))
    func announced() async throws {
        let rig = try await AvahiRig.start("dnssd")
        let clash = try rig.publish(name: "Breeze Clash", port: 9)
        let station = try Station("dnssd-station", name: "Breeze Clash", busAddress: rig.busAddress)
        do {
            let port = try await station.process.servingPort()
            let expectedTXT = ["path=/", "api=/api/v1/current", "version=0.1.0"]
            // The name is taken by avahi-publish's service: the station is announced under "Breeze Clash #2".
            let found = try await rig.find(within: 60) { $0.port == port }
            #expect(found?.name == "Breeze Clash #2", "\(found.map(String.init(describing:)) ?? "not found"); \(station.process.stderr)")
            #expect(found?.type == "_http._tcp")
            #expect(Set(found?.txt ?? []) == Set(expectedTXT))
            #expect(station.process.stderr.contains("is taken on the LAN; announcing as 'Breeze Clash #2'"))

            // avahi-daemon restarts: the station reconnects (AVAHI_CLIENT_FAILURE → a new NO_FAIL client).
            await rig.stopDaemon()
            await clash.stop()
            try await rig.startDaemon()
            let again = try await rig.find(within: 60) { $0.port == port }
            #expect(again != nil, "not announced after the restart; station: \(station.process.stderr)")
            #expect(again?.name.hasPrefix("Breeze Clash") == true)
            #expect(Set(again?.txt ?? []) == Set(expectedTXT))
        } catch {
            Issue.record("\(error); station: \(station.process.stderr)")
        }
        await station.stop()
        await clash.stop()
        await rig.stop()
    }

    @Test(
        "without avahi-daemon: one notice, nothing else, and the station serves",
        .enabled(if: skipReason == nil, "\(skipReason ?? "")"))
    func avahiAbsent() async throws {
        let rig = try await AvahiRig.start("dnssd-absent", withDaemon: false)
        let station = try Station("dnssd-absent-station", name: "Alone", busAddress: rig.busAddress)
        let port = try await station.process.servingPort()
        let current = try await getJSON("/api/v1/current", port: port)
        #expect(current["station"]?["name"] == "Alone")
        try await Task.sleep(for: .seconds(3))
        let lines = station.process.stderr.split(separator: "\n").filter {
            $0.localizedCaseInsensitiveContains("avahi") || $0.contains("DNS-SD")
        }
        #expect(lines.count == 1, "\(lines)")
        #expect(lines.first?.contains("avahi-daemon is not running") == true)
        await station.stop()
        await rig.stop()
    }

    @Test(
        "no D-Bus system bus at start: the same one notice, and announced once the bus and avahi-daemon come up",
        .enabled(if: skipReason == nil, "\(skipReason ?? "")"))
    func busLater() async throws {
        let rig = try await AvahiRig.start("dnssd-late", withBus: false)
        let station = try Station("dnssd-late-station", name: "Late Riser", busAddress: rig.busAddress)
        let port = try await station.process.servingPort()
        let noticed = await station.process.wait(30) { station.process.stderr.contains("avahi-daemon is not running") }
        #expect(noticed, "\(station.process.stderr)")
        try await rig.startBus()
        try await rig.startDaemon()
        // The station tries again every 30 s while there is no bus.
        let found = try await rig.find(within: 90) { $0.port == port }
        #expect(found?.name == "Late Riser", "\(station.process.stderr)")
        let avahiLines = station.process.stderr.split(separator: "\n").filter { $0.contains("avahi") }
        #expect(avahiLines.count == 1, "\(avahiLines)")
        await station.stop()
        await rig.stop()
    }

    @Test(
        "http.announce false: nothing is announced",
        .enabled(if: skipReason == nil, "\(skipReason ?? "")"))
    func turnedOff() async throws {
        let rig = try await AvahiRig.start("dnssd-off")
        let station = try Station(
            "dnssd-off-station", name: "Quiet", busAddress: rig.busAddress, extraHTTP: #", "announce": false"#)
        let port = try await station.process.servingPort()
        let serving = station.process.stderr.split(separator: "\n").first { $0.contains("serving on") }
        #expect(serving?.contains("dnssd") == false, "\(serving ?? "no serving line")")
        #expect(!station.process.stderr.contains("avahi"))
        let found = try await rig.find(within: 3) { $0.port == port }
        #expect(found == nil)
        await station.stop()
        await rig.stop()
    }
}
