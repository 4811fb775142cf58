// The composition root: parse the subcommand and hand over. No logic of its own lives here.
#if canImport(Glibc)
    import Glibc
#endif

let status = await CommandRunner.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
