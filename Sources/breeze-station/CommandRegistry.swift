/// Every subcommand, in the order `--help` lists them. Each issue adds its commands here, one line each.
enum CommandRegistry {
    static let all: [any Subcommand.Type] = [
        AQICommand.self,
        VersionCommand.self,
    ]
}
