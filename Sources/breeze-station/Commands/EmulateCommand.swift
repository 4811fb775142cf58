import Clocks
import Lifecycle
import LinuxIO
import POSIX
import SensorEmulation
import SensorRuntime
import Sensors

/// `breeze-station emulate`: an emulated UART sensor on a new pseudo-terminal, until stopped.
enum EmulateCommand: Subcommand {
    static let name = "emulate"
    static func signalPolicy(for arguments: [String]) -> SignalPolicy { .foreground }
    static let summary = "Emulate a serial particulate sensor on a pseudo-terminal"
    static let help = """
        Usage: breeze-station emulate --sensor <model> [--pm25 X] [--scenario steady|diurnal|smoke|FILE]
                                      [--link PATH] [--faults LIST] [--unplug-every S] [--unplug-for S]

        Starts an emulated sensor on a new pseudo-terminal and prints its path (one line on standard output,
        printed again after each emulated re-plug). The emulator behaves like the real sensor: it answers
        commands, honours active/passive (query) mode and sleep, and sends frames at the real cadence. Runs
        until SIGINT or SIGTERM, then closes the pty and removes the link.

        Models (UART): \(uartModels)
        I²C models (pmsa003i, sps30) are emulated in-process at the transport seam, not on a pty.

        Options:
          --pm25 X           PM2.5 in µg/m³ (default 12): the steady value, the diurnal mean, the smoke baseline
          --scenario S       steady (default); diurnal (peaks near 08:00 and 20:00 UTC); smoke (after 30 s, a
                             2-minute rise to 250 µg/m³, then a 10-minute decay); or FILE, lines of
                             'seconds,pm25[,pm10]', interpolated and repeated
          --link PATH        keep PATH a symlink to the pty (a stable name for drivers and VMs)
          --faults LIST      comma-separated: garbage=P, bad-checksum=P, truncate=P (probabilities 0-1), stall
          --unplug-every S   every S seconds, unplug: close the pty (a connected driver sees a hang-up) ...
          --unplug-for S     ... and plug a new one in after S seconds (default 2) at the same --link
        """

    static var uartModels: String {
        SensorModel.allCases.filter { $0.bus == .serial }.map(\.rawValue).joined(separator: ", ")
    }

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        guard let modelName = try arguments.option("--sensor") else {
            throw UsageError("missing --sensor <model> (one of \(uartModels))")
        }
        guard let model = SensorModel(rawValue: modelName) else {
            throw UsageError("unknown sensor '\(modelName)' (expected one of \(uartModels))")
        }
        guard model.bus == .serial else {
            throw UsageError(
                "\(model.rawValue) is an I²C sensor: it is emulated in-process at the transport seam, not on a pty "
                    + "(UART models: \(uartModels))")
        }
        let pm25 = try number(arguments.option("--pm25"), name: "--pm25", range: 0...1000) ?? 12
        let scenarioText = try arguments.option("--scenario") ?? "steady"
        let link = try arguments.option("--link")
        let faultsText = try arguments.option("--faults")
        let unplugEvery = try number(arguments.option("--unplug-every"), name: "--unplug-every", range: 0.1...86_400)
        let unplugFor = try number(arguments.option("--unplug-for"), name: "--unplug-for", range: 0...3600) ?? 2
        try arguments.finish()

        let scenario = try parseScenario(scenarioText, pm25: pm25)
        var faults = EmulatorFaults()
        if let faultsText {
            do {
                faults = try EmulatorFaults(parsing: faultsText)
            } catch {
                throw UsageError("--faults: \(error)")
            }
        }
        let clock = SystemClock()
        guard let device = SensorEmulators.serialDevice(model, scenario: scenario, faults: faults, start: clock.now)
        else {
            throw UsageError("no emulator for \(model.rawValue)")
        }
        let emulator = PseudoTerminalEmulator(device: device, link: link, clock: clock) { path in
            if let path { Output.line(path) }
        }
        let path: String
        do {
            path = try emulator.start()
        } catch {
            throw CommandFailure("cannot start the emulator: \(error)")
        }
        Output.line(path)
        let linkText = link.map { " (link \($0))" } ?? ""
        Output.error("emulating \(model.displayName) on \(path)\(linkText), scenario \(scenarioText); Ctrl-C to stop")

        let unplugger = unplugEvery.map { every in
            Task {
                while !Task.isCancelled {
                    try await clock.sleep(for: .interval(every))
                    emulator.unplug(for: .interval(unplugFor))
                    try await clock.sleep(for: .interval(unplugFor))
                }
            }
        }
        _ = await TerminationSignals.shared.wait()
        unplugger?.cancel()
        await emulator.stop()
        let traffic = emulator.traffic
        Output.error("stopped after sending \(traffic.sent) bytes and receiving \(traffic.received)")
        return ExitStatus.success
    }

    private static func number(_ text: String?, name: String, range: ClosedRange<Double>) throws(UsageError) -> Double?
    {
        guard let text else { return nil }
        guard let value = Double(text), range.contains(value) else {
            throw UsageError("\(name) must be a number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    private static func parseScenario(_ text: String, pm25: Double) throws -> ConcentrationScenario {
        switch text {
        case "steady": return .steady(pm25: pm25)
        case "diurnal": return .diurnal(mean: pm25)
        case "smoke": return .smoke(baseline: pm25, peak: max(250, pm25))
        default:
            let bytes: [UInt8]
            do {
                bytes = try FileContents.read(text)
            } catch {
                throw UsageError(
                    "--scenario: '\(text)' is not steady, diurnal, smoke or a readable file (\(error.message))")
            }
            do {
                return .recorded(try RecordedSeries(text: String(decoding: bytes, as: UTF8.self)))
            } catch {
                throw UsageError("--scenario \(text): \(error)")
            }
        }
    }
}
