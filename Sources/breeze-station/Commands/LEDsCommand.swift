import Lifecycle

/// `breeze-station leds`: test the status LEDs, hold a level on them, list the GPIO chips.
enum LEDsCommand: Subcommand {
    static let name = "leds"
    static func signalPolicy(for arguments: [String]) -> SignalPolicy {
        // test and show hold GPIO lines until a signal; chips only prints.
        ["test", "show"].contains(arguments.first ?? "") ? .foreground : .immediate
    }
    static let summary = "Test the status LEDs, show a level on them, list GPIO chips"
    static let help = """
        Usage: breeze-station leds test [--config PATH] [--step SECONDS]
               breeze-station leds show --aqi N [--health ok|stale|fault] [--config PATH]
               breeze-station leds chips [--lines]

        test    Sweeps every level's colour and every pattern (self-test, the seven levels, warming up,
                regional fallback, no data, fault) on the configured LEDs, 2 s each, naming each step.
                The night schedule is ignored.
        show    Shows what the station would show for AQI N until stopped (Ctrl-C or SIGTERM), then turns
                the LEDs off and releases the lines. --health ok: a local value (default); stale: the
                regional fallback; fault: the fault pattern. The night schedule applies.
        chips   Lists the GPIO chips with their labels and line counts (like gpiodetect); --lines also
                lists every line with its name and consumer (like gpioinfo).

        Options:
          --config PATH     the station's configuration file; only its "leds" section is read
                            (default: /etc/breeze-station/config.json). Without the file or the section
                            the LEDs are drawn on the terminal in 24-bit colour.
          --step SECONDS    how long each step of 'test' lasts (default 2)
          --aqi N           the AQI to show (0 or more)
          --health H        ok, stale or fault (default ok)
          --help            show this help

        Exit status: 0 done (show: stopped by a signal), 1 GPIO failure (the message says what to fix),
        2 bad arguments, 78 invalid configuration, 130 test interrupted. See docs/leds.md.
        """

    static func run(_ arguments: inout ArgumentList) async throws -> Int32 {
        guard let action = arguments.positional() else {
            throw UsageError("missing action: test, show or chips")
        }
        switch action {
        case "test": return try await LEDTestCommand.run(&arguments)
        case "show": return try await LEDShowCommand.run(&arguments)
        case "chips": return try LEDChipsCommand.run(&arguments)
        default: throw UsageError("unknown action '\(action)' (expected test, show or chips)")
        }
    }
}
