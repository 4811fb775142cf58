// `breeze-store-crash`: the station's store service writing minutes as fast as it can, for the crash-safety
// test (SIGKILL at random moments, then PRAGMA integrity_check). Not installed; see scripts/crash-test.sh.
#if canImport(Glibc)
    import Glibc
#endif

exit(await CrashWriter.run(arguments: Array(CommandLine.arguments.dropFirst())))
