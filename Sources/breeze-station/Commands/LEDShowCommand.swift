import AirQuality
import LEDs
import Lifecycle

/// `breeze-station leds show`: holds what the station would show for an AQI until stopped.
enum LEDShowCommand {
    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let configPath = try arguments.option("--config")
        guard let aqiText = try arguments.option("--aqi") else { throw UsageError("missing --aqi N") }
        let healthText = try arguments.option("--health") ?? "ok"
        try arguments.finish()
        guard let aqi = Int(aqiText), aqi >= 0 else {
            throw UsageError("invalid --aqi '\(aqiText)' (expected a whole number, 0 or more)")
        }
        guard let health = ReadingHealth(rawValue: healthText) else {
            throw UsageError("invalid --health '\(healthText)' (expected ok, stale or fault)")
        }
        let state = IndicatorState(level: AQILevel(index: aqi), health: health)

        let setup = try LEDCommandSetup.load(path: configPath)
        let writer = TerminalWriter()
        let (output, description) = try setup.makeOutput(writer: writer)
        let policy = setup.configuration.policy
        let controller = LEDController(policy: policy, output: output, pwmFrequency: setup.configuration.pwmFrequency)
        let signals = TerminationSignals.shared
        controller.show(state)
        try controller.start(selfTest: false)
        writer.line(
            "Showing AQI \(aqi): \(state) on \(description) (\(setup.source)): \(policy.summary(for: state)). "
                + "Stop with Ctrl-C or SIGTERM.")
        let signal = await signals.wait()
        controller.stop()
        writer.line("stopped by \(signal.map(TerminationSignals.name) ?? "cancellation"): LEDs off, lines released")
        return ExitStatus.success
    }
}
