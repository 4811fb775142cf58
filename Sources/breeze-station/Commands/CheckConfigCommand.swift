import Configuration
import FoundationEssentials
import JSON
import Station

/// `breeze-station check-config`: validates the configuration file and prints the effective configuration.
enum CheckConfigCommand: Subcommand {
    static let name = "check-config"
    static let summary = "Check the configuration file and print the effective configuration"
    static let help = """
        Usage: breeze-station check-config [--config PATH]

        Reads the station's configuration file (default \(ConfigFile.defaultPath)), checks every section
        and key, and prints the effective configuration as JSON: every key with its value or default, null for
        absent sections, URL queries (API keys) hidden. Keys: docs/configuration.md.

        On a bad file every problem is printed on standard error, one per line, naming its key path, what was
        expected and what was found (unknown keys with a did-you-mean).

        Options:
          --config PATH   the configuration file (default \(ConfigFile.defaultPath))

        Exit status: 0 valid, 2 bad arguments, 78 invalid or unreadable configuration (EX_CONFIG).
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let path = try arguments.option("--config") ?? ConfigFile.defaultPath
        try arguments.finish()
        let configuration = try StationConfigurationLoader.load(
            path: path, environment: ProcessInfo.processInfo.environment)
        Output.line(configuration.json(redactingSecrets: true).prettySerialized())
        return ExitStatus.success
    }
}
