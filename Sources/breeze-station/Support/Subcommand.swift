import Lifecycle

/// One `breeze-station` subcommand.
protocol Subcommand: Sendable {
    /// The word that selects it, e.g. `aqi`.
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs the command on its arguments (the subcommand word already removed) and returns the exit status.
    /// Throws ``UsageError`` for bad arguments (exit 2) and ``CommandFailure`` for failures with a status.
    static func run(_ arguments: inout ArgumentList) async throws -> Int32
    /// What SIGTERM, SIGINT, SIGQUIT, SIGHUP, SIGUSR1 and SIGUSR2 mean while the command runs with `arguments`;
    /// ``SignalPolicy/immediate`` (the default actions) unless the command has something to clean up.
    static func signalPolicy(for arguments: [String]) -> SignalPolicy
}

extension Subcommand {
    static func signalPolicy(for arguments: [String]) -> SignalPolicy { .immediate }
}

/// Process exit statuses the commands use (sysexits.h where one fits).
enum ExitStatus {
    /// Success.
    static let success: Int32 = 0
    /// A failure that is not about the arguments.
    static let failure: Int32 = 1
    /// Bad command-line arguments.
    static let usage: Int32 = 2
    /// Bad configuration (EX_CONFIG); systemd's `RestartPreventExitStatus=78` stops a restart loop on it.
    static let configuration: Int32 = 78
}

/// Bad arguments: printed as one line on stderr, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A failure with its own exit status and message.
struct CommandFailure: Error, CustomStringConvertible {
    let status: Int32
    let description: String
    init(status: Int32 = ExitStatus.failure, _ description: String) {
        self.status = status
        self.description = description
    }
}
