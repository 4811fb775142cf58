import Diagnostics

/// `breeze-station version`: the build's name and version.
enum VersionCommand: Subcommand {
    static let name = "version"
    static let summary = "Print the version"
    static let help = """
        Usage: breeze-station version [--json]

        Prints the name and version of this build.

        Options:
          --json    print {"name": ..., "version": ...} instead of one line
          --help    show this help
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        let asJSON = arguments.flag("--json")
        try arguments.finish()
        if asJSON {
            try Output.json(["name": BuildInfo.name, "version": BuildInfo.version])
        } else {
            Output.line("\(BuildInfo.name) \(BuildInfo.version)")
        }
        return ExitStatus.success
    }
}
