// The composition root: parse the subcommand and hand over. No logic of its own lives here.
import Lifecycle

#if canImport(Glibc)
    import Glibc
#endif

// First, before anything can take time: every signal the process handles is caught from here on, so a
// SIGTERM during start-up waits for the command instead of meeting the default action (docs/operations.md).
TerminationSignals.install()
let status = await CommandRunner.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status)
