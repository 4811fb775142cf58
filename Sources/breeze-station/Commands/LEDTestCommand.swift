import Clocks
import LEDs
import Lifecycle

/// `breeze-station leds test`: every level and pattern on the configured LEDs, one step after another.
enum LEDTestCommand {
    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let configPath = try arguments.option("--config")
        let stepText = try arguments.option("--step")
        try arguments.finish()
        let step = try parseStep(stepText)

        let setup = try LEDCommandSetup.load(path: configPath)
        let writer = TerminalWriter()
        let (output, description) = try setup.makeOutput(writer: writer)
        let policy = setup.configuration.policy
        let controller = LEDController(
            policy: policy, output: output, ignoresNight: true, pwmFrequency: setup.configuration.pwmFrequency)
        let signals = TerminationSignals.shared
        let steps = LEDTestSequence.steps
        if let first = steps.first { controller.show(first.state) }
        try controller.start(selfTest: false)

        writer.line("LED test on \(description) (\(setup.source)): \(steps.count) steps, \(format(step)) each")
        let completed = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for (index, item) in steps.enumerated() {
                    writer.line("[\(index + 1)/\(steps.count)] \(item.name): \(policy.summary(for: item.state))")
                    controller.show(item.state)
                    do {
                        try await Task.sleep(for: step)
                    } catch {
                        return false
                    }
                }
                return true
            }
            group.addTask {
                _ = await signals.wait()
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        controller.stop()
        if completed {
            writer.line("done: LEDs off, lines released")
            return ExitStatus.success
        }
        let signal = signals.received.map(TerminationSignals.name) ?? "a signal"
        writer.line("interrupted by \(signal): LEDs off, lines released")
        return 130
    }

    static func parseStep(_ text: String?) throws(UsageError) -> Duration {
        guard let text else { return .seconds(2) }
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0.01, seconds <= 60 else {
            throw UsageError("invalid --step '\(text)' (expected seconds from 0.01 to 60)")
        }
        return .interval(seconds)
    }

    static func format(_ step: Duration) -> String {
        let (seconds, attoseconds) = step.components
        let milliseconds = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        if milliseconds % 1000 == 0 { return "\(milliseconds / 1000) s" }
        return "\(milliseconds) ms"
    }
}
