#if canImport(Glibc)
    import Glibc
#endif

/// What the caught signals mean to one command (``TerminationSignals/adopt(_:)``). A signal in neither set
/// takes its default action at once.
public struct SignalPolicy: Sendable {
    /// Signals that ask for a clean stop (``TerminationSignals/wait()`` returns).
    public var stop: Set<Int32>
    /// Signals that are logged and ignored.
    public var ignored: Set<Int32>
    /// Why the ignored ones are ignored, for the log line.
    public var ignoredNote: String

    /// A policy from its sets.
    public init(stop: Set<Int32>, ignored: Set<Int32>, ignoredNote: String) {
        self.stop = stop
        self.ignored = ignored
        self.ignoredNote = ignoredNote
    }

    /// The daemon (`run`): SIGTERM, SIGINT and SIGQUIT stop it cleanly; SIGHUP, SIGUSR1 and SIGUSR2 are logged
    /// and ignored (the configuration is read at start only, so a reload would be a restart).
    public static let daemon = SignalPolicy(
        stop: [SIGTERM, SIGINT, SIGQUIT], ignored: [SIGHUP, SIGUSR1, SIGUSR2],
        ignoredNote: "the configuration is read at start only; restart the service to apply changes")

    /// The other long-running commands (serve, mqtt-publish, demo, emulate, leds show, leds test): SIGHUP
    /// also stops them cleanly (their terminal went away); SIGUSR1 and SIGUSR2 are logged and ignored.
    public static let foreground = SignalPolicy(
        stop: [SIGTERM, SIGINT, SIGQUIT, SIGHUP], ignored: [SIGUSR1, SIGUSR2],
        ignoredNote: "no meaning to this command")

    /// Commands with nothing to clean up: every signal takes its default action, as if none were caught.
    public static let immediate = SignalPolicy(stop: [], ignored: [], ignoredNote: "")
}
