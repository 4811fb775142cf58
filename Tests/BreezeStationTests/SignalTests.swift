import Foundation
import HTTPTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every signal an administrator, systemd or a terminal sends, against the real executable (issue 20 §5):
/// the outcomes docs/operations.md lists and no other.
@Suite("breeze-station: signals", .serialized)
struct SignalTests {
    /// A station with no sensor on the port, no LEDs and no Open-Meteo: it starts at once and serves.
    struct Rig {
        let directory: URL
        let config: URL

        init(_ name: String) throws {
            directory = try scratchDirectory(name)
            config = directory.appendingPathComponent("config.json")
            try Data(
                """
                {"sensor": {"model": "pms5003", "serial": {"path": "\(directory.path)/no-sensor"}},
                 "http": {"listen": "127.0.0.1:0"},
                 "storage": {"path": "\(directory.path)/state/history.db"},
                 "openmeteo": {"enabled": false},
                 "log": {"level": "info"}}
                """.utf8
            ).write(to: config)
        }

        func start() throws -> StationProcess { try StationProcess(["run", "--config", config.path]) }
        func cleanUp() { try? FileManager.default.removeItem(at: directory) }
    }

    /// Waits for a clean exit: status 0, not killed by a signal.
    func expectCleanExit(_ station: StationProcess, _ what: String) async {
        let exit = await station.waitForExit(within: 30)
        #expect(exit != nil, "\(what): still running 30 s later")
        #expect(exit?.status == 0 && !station.killedBySignal,
            "\(what): \(station.killedBySignal ? "killed by signal" : "exit status") \(exit?.status ?? -1); stderr:\n\(station.stderr)")
    }

    @Test("SIGHUP, SIGUSR1 and SIGUSR2 are logged and ignored by run: it keeps serving; SIGTERM then stops it with 0")
    func ignoredSignals() async throws {
        let rig = try Rig("signals-ignored")
        defer { rig.cleanUp() }
        let station = try rig.start()
        let port = try await station.servingPort()
        for signal in [SIGHUP, SIGUSR1, SIGUSR2] {
            station.send(signal)
            let name = signal == SIGHUP ? "SIGHUP" : signal == SIGUSR1 ? "SIGUSR1" : "SIGUSR2"
            #expect(await station.wait(10) { station.stderr.contains("\(name) received and ignored") }, "\(station.stderr)")
        }
        #expect(station.exited == nil, "ended: \(station.stderr)")
        let health = try await offPool { try RawHTTPClient.request("GET", "/healthz", port: port) }
        #expect(health.status == 200)
        station.send(SIGTERM)
        await expectCleanExit(station, "SIGTERM after SIGHUP/SIGUSR1/SIGUSR2")
    }

    @Test("SIGQUIT stops run cleanly like SIGTERM (exit 0), with no crash report", arguments: [SIGQUIT, SIGINT, SIGTERM])
    func stopSignals(signal: Int32) async throws {
        let rig = try Rig("signals-stop")
        defer { rig.cleanUp() }
        let station = try rig.start()
        _ = try await station.servingPort()
        station.send(signal)
        await expectCleanExit(station, "signal \(signal)")
        #expect(!station.stderr.contains("crashed"), "\(station.stderr)")
    }

    @Test("two SIGTERMs back to back, 12 times: always one clean stop (exit 0), never killed mid-shutdown")
    func doubleTerm() async throws {
        let rig = try Rig("signals-double")
        defer { rig.cleanUp() }
        for round in 0..<12 {
            let station = try rig.start()
            _ = try await station.servingPort()
            let pid = station.pid
            kill(pid, SIGTERM)
            kill(pid, SIGTERM)
            await expectCleanExit(station, "round \(round)")
        }
    }

    @Test("a SIGTERM that arrives before main runs (held blocked by the parent) still ends in a clean stop")
    func termBeforeMain() async throws {
        let rig = try Rig("signals-early")
        defer { rig.cleanUp() }
        // The parent blocks SIGTERM across exec, so the signal waits until the process unblocks it: the earliest
        // moment a SIGTERM can be seen. Sent at once, before the executable has run a line of main.
        let pid = try spawnWithBlockedTERM(["run", "--config", rig.config.path])
        kill(pid, SIGTERM)
        let (status, signalled) = try await offPool { () throws -> (Int32, Bool) in
            try waitWithDeadline(pid: pid, seconds: 30)
        }
        #expect(!signalled && status == 0, "\(signalled ? "killed by signal" : "exit status") \(status)")
    }

    /// Starts the station with SIGTERM blocked in its initial signal mask; output goes to /dev/null.
    func spawnWithBlockedTERM(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        sigaddset(&mask, SIGTERM)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let path = StationBinary.url.path
        let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard status == 0 else { throw StationProcess.Failure(description: "posix_spawn: \(String(cString: strerror(status)))") }
        return pid
    }

    /// Waits for `pid` (blocking: run it off the pool); SIGKILLs it after `seconds`. (status, killed by signal).
    func waitWithDeadline(pid: pid_t, seconds: Double) throws -> (Int32, Bool) {
        let deadline = RawHTTPConnection.now() + seconds
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if RawHTTPConnection.now() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw StationProcess.Failure(description: "still running \(seconds) s after SIGTERM (the signal never reached it)")
            }
            usleep(20_000)
        }
        let signalled = (status & 0x7f) != 0 && (status & 0x7f) != 0x7f
        return (signalled ? status & 0x7f : (status >> 8) & 0xff, signalled)
    }
}
