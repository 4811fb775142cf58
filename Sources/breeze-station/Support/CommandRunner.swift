#if canImport(Glibc)
    import Glibc
#endif
import Diagnostics
import Lifecycle

/// Finds the subcommand, handles `--help` and `--version`, runs it and turns its errors into exit statuses.
enum CommandRunner {
    static func run(arguments: [String]) async -> Int32 {
        guard let word = arguments.first else {
            Output.error(rootHelp)
            return ExitStatus.usage
        }
        switch word {
        case "--help", "-h", "help":
            if arguments.count > 1, let command = command(named: arguments[1]) {
                Output.line(command.help)
            } else {
                Output.line(rootHelp)
            }
            return ExitStatus.success
        case "--version":
            Output.line("\(BuildInfo.name) \(BuildInfo.version)")
            return ExitStatus.success
        default:
            break
        }
        guard let command = command(named: word) else {
            TerminationSignals.shared.adopt(.immediate)
            Output.error("\(BuildInfo.name): unknown command '\(word)' (see '\(BuildInfo.name) --help')")
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        // Before the command does anything: the signals caught since main's first line now mean what they
        // mean to this command (a clean stop, logged and ignored, or the default action).
        TerminationSignals.shared.adopt(command.signalPolicy(for: rest))
        if rest.contains("--help") || rest.contains("-h") {
            Output.line(command.help)
            return ExitStatus.success
        }
        var list = ArgumentList(rest)
        do {
            return try await command.run(&list)
        } catch let error as UsageError {
            Output.error("\(BuildInfo.name) \(command.name): \(error.description)")
            return ExitStatus.usage
        } catch let error as CommandFailure {
            Output.error("\(BuildInfo.name) \(command.name): \(error.description)")
            return error.status
        } catch {
            Output.error("\(BuildInfo.name) \(command.name): \(error)")
            return ExitStatus.failure
        }
    }

    static func command(named name: String) -> (any Subcommand.Type)? {
        CommandRegistry.all.first { $0.name == name }
    }

    static var rootHelp: String {
        let width = (CommandRegistry.all.map { $0.name.count }.max() ?? 0) + 2
        let lines = CommandRegistry.all.map { command in
            "  " + command.name + String(repeating: " ", count: width - command.name.count) + command.summary
        }
        return """
            Breeze Station \(BuildInfo.version): an air-quality station for Raspberry Pi-class boards.

            Usage: \(BuildInfo.name) <command> [options]

            Commands:
            \(lines.joined(separator: "\n"))

            Run '\(BuildInfo.name) <command> --help' for the options of a command.
            """
    }
}
